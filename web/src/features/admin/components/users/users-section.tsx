import { MoreHorizontal, Search, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { AdminUser } from '../../../../../../engine/src/user-admin-schemas.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../../components/ui/dropdown-menu.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { errorMessageForPerson } from '../../../../lib/api-request.ts';
import { useAuth } from '../../../../lib/queries/auth-user.ts';
import { useAdminUsers } from '../../api/admin-users.ts';
import { useResetUserPassword } from '../../api/reset-user-password.ts';
import { useUpdateUser } from '../../api/update-user.ts';
import { formatDateTime, personName } from '../../format.ts';
import { useRoleNames } from '../../hooks/use-role-names.ts';
import { QueryState } from '../common/query-state.tsx';
import {
  HeaderCell,
  ResponsiveCell,
  ResponsiveRow,
  ResponsiveTable,
  ResponsiveTableBody,
  ResponsiveTableHead,
} from '../common/responsive-table.tsx';
import { SectionCard } from '../common/section-card.tsx';
import { OneTimePasswordDialog, type OneTimePasswordShown } from './one-time-password-dialog.tsx';
import { UserFormDialog } from './user-form-dialog.tsx';

type Pending = { kind: 'reset' | 'deactivate' | 'reactivate'; user: AdminUser } | null;

function placesOf(user: AdminUser): string {
  if (user.role === 'admin') return 'All locations';
  const places = [...user.districtNames.map((name) => `${name} (district)`), ...user.locationCodes];
  return places.length > 0 ? places.join(', ') : 'None';
}

function matches(user: AdminUser, words: string[], roleName: string): boolean {
  const haystack = [
    user.firstName,
    user.lastName,
    user.email,
    roleName,
    ...user.locationCodes,
    ...user.districtNames,
  ]
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** Everyone who can sign in: invite, edit, reset a password, deactivate or bring back. */
export function UsersSection() {
  const users = useAdminUsers();
  const roleNames = useRoleNames();
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ user: AdminUser | null } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  // Kept apart from `pending` so the dialog's text stays put while it animates closed.
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [shown, setShown] = useState<OneTimePasswordShown | null>(null);
  const update = useUpdateUser();
  const reset = useResetUserPassword();

  const visible = useMemo(() => {
    const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return (users.data ?? []).filter((user) => matches(user, words, roleNames.name(user.role)));
  }, [users.data, search, roleNames]);

  function ask(next: NonNullable<Pending>) {
    setPending(next);
    setConfirmOpen(true);
  }

  function confirmPending() {
    setConfirmOpen(false);
    if (!pending) return;
    const { kind, user } = pending;
    if (kind === 'reset') {
      reset.mutate(user.id, {
        onSuccess: (result) => setShown({ ...result, reason: 'reset' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Password not reset',
            description: errorMessageForPerson(error),
          }),
      });
      return;
    }
    const active = kind === 'reactivate';
    update.mutate(
      { id: user.id, change: { active } },
      {
        onSuccess: () =>
          toast({
            title: active ? 'User reactivated' : 'User deactivated',
            description: active
              ? `${personName(user)} can sign in again.`
              : `${personName(user)} is signed out and can no longer sign in.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: active ? 'Not reactivated' : 'Not deactivated',
            description: errorMessageForPerson(error),
          }),
      },
    );
  }

  const total = users.data?.length ?? 0;
  return (
    <SectionCard
      title="People"
      description="Who can sign in, with their role and the cafés they work at."
      actions={
        <Button onClick={() => setEditing({ user: null })}>
          <UserPlus aria-hidden />
          Invite user
        </Button>
      }
    >
      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative sm:w-80">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search users"
            placeholder="Search name, email, role, café"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        {users.data ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {visible.length === total ? `${total} users` : `${visible.length} of ${total} users`}
          </p>
        ) : null}
      </div>

      <QueryState query={users} label="users" />
      {users.data && visible.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted-foreground">No user matches “{search}”.</p>
      ) : null}
      {users.data && visible.length > 0 ? (
        <ResponsiveTable aria-label="Users">
          <ResponsiveTableHead>
            <tr>
              <HeaderCell>Name · email</HeaderCell>
              <HeaderCell>Role</HeaderCell>
              <HeaderCell>Locations</HeaderCell>
              <HeaderCell>Status</HeaderCell>
              <HeaderCell>Last sign-in</HeaderCell>
              <HeaderCell>
                <span className="sr-only">Actions</span>
              </HeaderCell>
            </tr>
          </ResponsiveTableHead>
          <ResponsiveTableBody>
            {visible.map((user) => {
              const name = personName(user);
              const isMe = me?.id === user.id;
              return (
                <ResponsiveRow key={user.id} className={user.active ? undefined : 'text-muted-foreground'}>
                  <ResponsiveCell primary>
                    <span className="flex items-center gap-2 font-medium text-foreground">
                      {name}
                      {isMe ? <Badge variant="outline">You</Badge> : null}
                    </span>
                    <span className="block break-all text-xs text-muted-foreground">{user.email}</span>
                  </ResponsiveCell>
                  <ResponsiveCell label="Role" className="whitespace-nowrap">
                    {roleNames.name(user.role)}
                  </ResponsiveCell>
                  <ResponsiveCell label="Locations">{placesOf(user)}</ResponsiveCell>
                  <ResponsiveCell label="Status">
                    {user.active ? (
                      <Badge variant="secondary">Active</Badge>
                    ) : (
                      <Badge variant="outline" className="text-muted-foreground">
                        Deactivated
                      </Badge>
                    )}
                  </ResponsiveCell>
                  <ResponsiveCell label="Last sign-in">
                    {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Never'}
                  </ResponsiveCell>
                  <ResponsiveCell className="max-sm:justify-end max-sm:pt-1 max-sm:before:content-none">
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Edit ${name}`}
                        onClick={() => setEditing({ user })}
                      >
                        Edit
                      </Button>
                      <DropdownMenu modal={false}>
                        <DropdownMenuTrigger asChild>
                          <Button
                            variant="ghost"
                            size="sm"
                            className="w-9 px-0"
                            aria-label={`More for ${name}`}
                          >
                            <MoreHorizontal aria-hidden />
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent align="end">
                          <DropdownMenuItem onSelect={() => ask({ kind: 'reset', user })}>
                            Reset password
                          </DropdownMenuItem>
                          {user.active ? (
                            <DropdownMenuItem
                              variant="destructive"
                              onSelect={() => ask({ kind: 'deactivate', user })}
                            >
                              Deactivate
                            </DropdownMenuItem>
                          ) : (
                            <DropdownMenuItem onSelect={() => ask({ kind: 'reactivate', user })}>
                              Reactivate
                            </DropdownMenuItem>
                          )}
                        </DropdownMenuContent>
                      </DropdownMenu>
                    </div>
                  </ResponsiveCell>
                </ResponsiveRow>
              );
            })}
          </ResponsiveTableBody>
        </ResponsiveTable>
      ) : null}

      <UserFormDialog
        open={editing !== null}
        user={editing?.user ?? null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        onInvited={(result) => setShown({ ...result, reason: 'invite' })}
      />
      <OneTimePasswordDialog shown={shown} onClose={() => setShown(null)} />
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={
          pending?.kind === 'reset'
            ? `Reset the password of ${pending ? personName(pending.user) : ''}?`
            : pending?.kind === 'deactivate'
              ? `Deactivate ${pending ? personName(pending.user) : ''}?`
              : `Reactivate ${pending ? personName(pending.user) : ''}?`
        }
        message={
          pending?.kind === 'reset'
            ? 'Their current password stops working and they are signed out everywhere. You get a new one-time password to give them.'
            : pending?.kind === 'deactivate'
              ? 'They are signed out at once, on every device, and cannot sign in until you reactivate the account. Their history stays.'
              : 'They can sign in again with their current password.'
        }
        confirmText={
          pending?.kind === 'reset'
            ? 'Reset password'
            : pending?.kind === 'deactivate'
              ? 'Deactivate'
              : 'Reactivate'
        }
        variant={pending?.kind === 'reactivate' ? 'default' : 'destructive'}
        onConfirm={confirmPending}
      />
    </SectionCard>
  );
}
