import type { AdminUser } from '@engine/user-admin-schemas.ts';
import { Link } from '@tanstack/react-router';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu.tsx';
import { ActiveBadge } from '@web/features/admin/components/common/active-badge.tsx';
import {
  ActionsCell,
  ActionsHeaderCell,
  HeaderCell,
  ResponsiveCell,
  ResponsiveRow,
  ResponsiveTable,
  ResponsiveTableHead,
} from '@web/features/admin/components/common/responsive-table.tsx';
import { SpacerRow } from '@web/features/admin/components/common/spacer-row.tsx';
import { useVirtualRows } from '@web/features/admin/components/common/use-virtual-rows.ts';
import { personName } from '@web/features/admin/format.ts';
import { cn } from '@web/lib/cn.ts';
import { formatDateTime } from '@web/lib/display-format.ts';
import { MoreHorizontal } from 'lucide-react';
import { memo } from 'react';
import type { UserSort } from './user-list-view.ts';

export type UserAction = 'reset' | 'deactivate' | 'reactivate';

function placesOf(user: AdminUser): string {
  if (user.role === 'admin') return 'All locations';
  const places = [...user.districtNames.map((name) => `${name} (district)`), ...user.locationCodes];
  return places.length > 0 ? places.join(', ') : 'None';
}

// Memoized: a keystroke in the search, or a filter, draws only the rows that come into view.
const UserRow = memo(function UserRow({
  user,
  roleName,
  isMe,
  index,
  measure,
  onEdit,
  onAction,
}: {
  user: AdminUser;
  roleName: string;
  isMe: boolean;
  index: number;
  measure?: (element: HTMLTableRowElement | null) => void;
  onEdit: (user: AdminUser) => void;
  onAction: (action: UserAction, user: AdminUser) => void;
}) {
  const name = personName(user);
  return (
    <ResponsiveRow
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      className={cn('max-sm:mb-3', user.active ? undefined : 'text-muted-foreground')}
    >
      <ResponsiveCell primary>
        <span className="flex items-center gap-2 font-medium text-foreground">
          <span className="min-w-0 break-words">{name}</span>
          {isMe ? <Badge variant="outline">You</Badge> : null}
        </span>
        <span className="block break-all text-xs text-muted-foreground">{user.email}</span>
      </ResponsiveCell>
      <ResponsiveCell label="Role" className="whitespace-nowrap">
        {roleName}
      </ResponsiveCell>
      <ResponsiveCell label="Locations">{placesOf(user)}</ResponsiveCell>
      <ResponsiveCell label="Status">
        {user.active && user.mustChangePassword ? (
          // Still on the one-time password an admin handed out (invited, or reset since): not their own yet.
          <Badge variant="outline" title="Signs in with the one-time password, then chooses their own">
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
          <Button variant="outline" size="sm" aria-label={`Edit ${name}`} onClick={() => onEdit(user)}>
            Edit
          </Button>
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="sm" className="w-9 px-0" aria-label={`More for ${name}`}>
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
                <DropdownMenuItem onSelect={() => onAction('reset', user)}>Reset password</DropdownMenuItem>
              )}
              {isMe ? null : user.active ? (
                // The server refuses one's own deactivation too; offering it would only earn a refusal.
                <DropdownMenuItem variant="destructive" onSelect={() => onAction('deactivate', user)}>
                  Deactivate
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem onSelect={() => onAction('reactivate', user)}>Reactivate</DropdownMenuItem>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </ActionsCell>
    </ResponsiveRow>
  );
});

/**
 * The people as a table, cards on phones. From 15 on, only the rows near the screen are drawn (spacer rows keep
 * the scroll height true) and it scrolls with the page; `aria-rowcount` gives screen readers the full size, and
 * `aria-sort` the column the list is in order of.
 */
export function UsersTable({
  users,
  sort,
  roleName,
  myId,
  onEdit,
  onAction,
}: {
  users: readonly AdminUser[];
  sort: UserSort;
  roleName: (role: string) => string;
  myId: number | undefined;
  onEdit: (user: AdminUser) => void;
  onAction: (action: UserAction, user: AdminUser) => void;
}) {
  const { bodyRef, virtual, items, before, after, measure } = useVirtualRows({
    rows: users,
    keyOf: (user) => user.id,
    phoneRowHeight: 250,
  });
  const row = (user: AdminUser, index: number, measure?: (element: HTMLTableRowElement | null) => void) => (
    <UserRow
      key={user.id}
      user={user}
      roleName={roleName(user.role)}
      isMe={myId === user.id}
      index={index}
      measure={measure}
      onEdit={onEdit}
      onAction={onAction}
    />
  );

  return (
    <ResponsiveTable aria-label="Users" aria-rowcount={users.length + 1}>
      <ResponsiveTableHead>
        <tr aria-rowindex={1}>
          <HeaderCell aria-sort={sort === 'name' ? 'ascending' : undefined}>Name · email</HeaderCell>
          {/* Administrators first, then down the roles: an order of its own, not the names' A to Z. */}
          <HeaderCell aria-sort={sort === 'role' ? 'other' : undefined}>Role</HeaderCell>
          <HeaderCell>Locations</HeaderCell>
          <HeaderCell>Status</HeaderCell>
          <HeaderCell aria-sort={sort === 'last_sign_in' ? 'descending' : undefined}>Last sign-in</HeaderCell>
          <ActionsHeaderCell />
        </tr>
      </ResponsiveTableHead>
      <tbody ref={bodyRef} className="max-sm:block">
        {virtual ? (
          <>
            <SpacerRow height={before} columns={6} />
            {items.map((item) => {
              const user = users[item.index];
              return user ? row(user, item.index, measure) : null;
            })}
            <SpacerRow height={after} columns={6} />
          </>
        ) : (
          users.map((user, index) => row(user, index))
        )}
      </tbody>
    </ResponsiveTable>
  );
}
