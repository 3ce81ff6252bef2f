import type { AdminUser } from '@engine/user-admin-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useAdminLocations } from '@web/features/admin/api/admin-locations.ts';
import { useAdminUsers } from '@web/features/admin/api/admin-users.ts';
import { useResetUserPassword } from '@web/features/admin/api/reset-user-password.ts';
import { useUpdateUser } from '@web/features/admin/api/update-user.ts';
import { EmptyState } from '@web/features/admin/components/common/empty-state.tsx';
import { MatchCount } from '@web/features/admin/components/common/match-count.tsx';
import { QueryState } from '@web/features/admin/components/common/query-state.tsx';
import { SearchField } from '@web/features/admin/components/common/search-field.tsx';
import { SectionCard } from '@web/features/admin/components/common/section-card.tsx';
import { personName } from '@web/features/admin/format.ts';
import { useDialogTarget } from '@web/features/admin/hooks/use-dialog-target.ts';
import { useRoleNames } from '@web/features/admin/hooks/use-role-names.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { searchWords } from '@web/lib/search-words.ts';
import { useAuth } from '@web/lib/shared-reads/auth-user.ts';
import { UserPlus } from 'lucide-react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { OneTimePasswordDialog, type OneTimePasswordShown } from './one-time-password-dialog.tsx';
import { UserFormDialog } from './user-form-dialog.tsx';
import { ALL_USERS, searchableUsers, type UserListView, usersInView } from './user-list-view.ts';
import { UsersFilters } from './users-filters.tsx';
import { type UserAction, UsersTable } from './users-table.tsx';

type Pending = { kind: UserAction; user: AdminUser } | null;

/** Everyone who can sign in: find, filter and sort them; invite, edit, reset a password, deactivate or bring back. */
export function UsersSection() {
  const users = useAdminUsers();
  const locations = useAdminLocations();
  const roleNames = useRoleNames();
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const [view, setView] = useState<UserListView>(ALL_USERS);
  const editing = useDialogTarget<AdminUser>();
  const [pending, setPending] = useState<Pending>(null);
  // Kept apart from `pending` so the dialog's text stays put while it animates closed.
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [shown, setShown] = useState<OneTimePasswordShown | null>(null);
  const update = useUpdateUser();
  const reset = useResetUserPassword();
  // The box shows each letter at once; the list of 1,500 follows when React has time, so typing never waits on it.
  const deferredSearch = useDeferredValue(search);
  const deferredView = useDeferredValue(view);

  const searchable = useMemo(
    () => searchableUsers(users.data ?? [], roleNames.name),
    [users.data, roleNames],
  );
  const visible = useMemo(
    () => usersInView(searchable, deferredView, searchWords(deferredSearch), locations.data ?? []),
    [searchable, deferredView, deferredSearch, locations.data],
  );

  const ask = useCallback((kind: UserAction, user: AdminUser) => {
    setPending({ kind, user });
    setConfirmOpen(true);
  }, []);

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
      <div className="mb-4 grid gap-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <SearchField
            label="Search users"
            placeholder="Search name, email, role, café"
            value={search}
            onChange={setSearch}
            className="sm:w-80"
          />
          {users.data ? <MatchCount shown={visible.length} total={total} noun="users" /> : null}
        </div>
        <UsersFilters
          view={view}
          onChange={setView}
          roles={roleNames.roles}
          roleName={roleNames.name}
          locations={locations.data}
        />
      </div>

      <QueryState query={users} label="users" />
      {users.data && visible.length === 0 ? (
        <EmptyState>
          {deferredSearch.trim()
            ? `No user matches “${deferredSearch.trim()}” with these filters.`
            : 'No user matches these filters.'}
        </EmptyState>
      ) : null}
      {users.data && visible.length > 0 ? (
        <UsersTable
          users={visible}
          sort={deferredView.sort}
          roleName={roleNames.name}
          myId={me?.id}
          onEdit={editing.openFor}
          onAction={ask}
        />
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
