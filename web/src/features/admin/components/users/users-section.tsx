import type { AdminUser } from '@engine/user-admin-schemas.ts';
import { Link } from '@tanstack/react-router';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useAdminUsers } from '@web/features/admin/api/admin-users.ts';
import { useResetUserPassword } from '@web/features/admin/api/reset-user-password.ts';
import { useUpdateUser } from '@web/features/admin/api/update-user.ts';
import { ActiveBadge } from '@web/features/admin/components/common/active-badge.tsx';
import { EmptyState } from '@web/features/admin/components/common/empty-state.tsx';
import { MatchCount } from '@web/features/admin/components/common/match-count.tsx';
import { QueryState } from '@web/features/admin/components/common/query-state.tsx';
import {
  ActionsCell,
  ActionsHeaderCell,
  HeaderCell,
  ResponsiveCell,
  ResponsiveRow,
  ResponsiveTable,
  ResponsiveTableBody,
  ResponsiveTableHead,
} from '@web/features/admin/components/common/responsive-table.tsx';
import { SearchField } from '@web/features/admin/components/common/search-field.tsx';
import { SectionCard } from '@web/features/admin/components/common/section-card.tsx';
import { personName } from '@web/features/admin/format.ts';
import { useDialogTarget } from '@web/features/admin/hooks/use-dialog-target.ts';
import { useRoleNames } from '@web/features/admin/hooks/use-role-names.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { formatDateTime } from '@web/lib/display-format.ts';
import { useAuth } from '@web/lib/shared-reads/auth-user.ts';
import { MoreHorizontal, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
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
  const editing = useDialogTarget<AdminUser>();
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
        <Button onClick={() => editing.openFor(null)}>
          <UserPlus aria-hidden />
          Invite user
        </Button>
      }
    >
      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchField
          label="Search users"
          placeholder="Search name, email, role, café"
          value={search}
          onChange={setSearch}
          className="sm:w-80"
        />
        {users.data ? <MatchCount shown={visible.length} total={total} noun="users" /> : null}
      </div>

      <QueryState query={users} label="users" />
      {users.data && visible.length === 0 ? <EmptyState>No user matches “{search}”.</EmptyState> : null}
      {users.data && visible.length > 0 ? (
        <ResponsiveTable aria-label="Users">
          <ResponsiveTableHead>
            <tr>
              <HeaderCell>Name · email</HeaderCell>
              <HeaderCell>Role</HeaderCell>
              <HeaderCell>Locations</HeaderCell>
              <HeaderCell>Status</HeaderCell>
              <HeaderCell>Last sign-in</HeaderCell>
              <ActionsHeaderCell />
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
                    {user.active && user.mustChangePassword ? (
                      // Still on the one-time password an admin handed out (invited, or reset since): not their own yet.
                      <Badge
                        variant="outline"
                        title="Signs in with the one-time password, then chooses their own"
                      >
                        One-time password
                      </Badge>
                    ) : (
                      <ActiveBadge active={user.active} inactiveLabel="Deactivated" />
                    )}
                  </ResponsiveCell>
                  <ResponsiveCell label="Last sign-in">
                    {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Never'}
                  </ResponsiveCell>
                  <ActionsCell>
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Edit ${name}`}
                        onClick={() => editing.openFor(user)}
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
                          {isMe ? (
                            // A reset asks for no current password, so the server refuses one's own.
                            <DropdownMenuItem asChild>
                              <Link to="/account/password">Change password</Link>
                            </DropdownMenuItem>
                          ) : (
                            <DropdownMenuItem onSelect={() => ask({ kind: 'reset', user })}>
                              Reset password
                            </DropdownMenuItem>
                          )}
                          {isMe ? null : user.active ? (
                            // The server refuses one's own deactivation too; offering it would only earn a refusal.
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
                  </ActionsCell>
                </ResponsiveRow>
              );
            })}
          </ResponsiveTableBody>
        </ResponsiveTable>
      ) : null}

      <UserFormDialog
        {...editing.dialog}
        user={editing.value}
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
