import type { AdminLocation } from '@engine/admin-location-schemas.ts';
import { ROLE_KEYS, type RoleKey } from '@engine/permissions.ts';
import { compareText } from '@engine/text-order.ts';
import type { AdminUser } from '@engine/user-admin-schemas.ts';
import { personName } from '@web/features/admin/format.ts';
import { foldForSearch, hasEveryWord } from '@web/lib/search-words.ts';

export type UserStatusFilter = 'all' | 'active' | 'one_time_password' | 'deactivated';
export type UserSort = 'name' | 'role' | 'last_sign_in';

/** What the Users list shows: the filters beside the search box, and its order. */
export interface UserListView {
  role: RoleKey | 'all';
  status: UserStatusFilter;
  /** Only the people who work at this café; null for every café. */
  locationId: number | null;
  sort: UserSort;
}

export const ALL_USERS: UserListView = { role: 'all', status: 'all', locationId: null, sort: 'name' };

/** One person with what the search reads, folded once: a list of 1,500 is searched on every keystroke. */
export interface SearchableUser {
  user: AdminUser;
  name: string;
  folded: string;
}

export function searchableUsers(
  users: readonly AdminUser[],
  roleName: (role: string) => string,
): SearchableUser[] {
  return users.map((user) => {
    const name = personName(user);
    return {
      user,
      name,
      folded: foldForSearch(
        [name, user.email, roleName(user.role), ...user.locationCodes, ...user.districtNames].join(' '),
      ),
    };
  });
}

function hasStatus(user: AdminUser, status: UserStatusFilter): boolean {
  switch (status) {
    case 'all':
      return true;
    // Someone still on a one-time password is active too: they can sign in.
    case 'active':
      return user.active;
    case 'one_time_password':
      return user.active && user.mustChangePassword;
    case 'deactivated':
      return !user.active;
  }
}

/**
 * Who works at a café: those it is assigned to and the district managers of its district. Administrators reach
 * every café without being placed at one, so they are not listed under any.
 */
function worksAt(user: AdminUser, location: AdminLocation | undefined): boolean {
  if (!location) return false;
  return user.locationIds.includes(location.id) || user.districtIds.includes(location.districtId);
}

const roleRank = (role: string) => {
  const rank = (ROLE_KEYS as readonly string[]).indexOf(role);
  return rank === -1 ? ROLE_KEYS.length : rank;
};

const byName = (a: SearchableUser, b: SearchableUser) =>
  compareText(a.name, b.name) || compareText(a.user.email, b.user.email);

const ORDERS: Record<UserSort, (a: SearchableUser, b: SearchableUser) => number> = {
  name: byName,
  // Most powerful first: the few administrators above the many staff.
  role: (a, b) => roleRank(b.user.role) - roleRank(a.user.role) || byName(a, b),
  // Latest first; never signed in last. ISO times compare as text.
  last_sign_in: (a, b) => {
    const at = a.user.lastLoginAt ?? '';
    const bt = b.user.lastLoginAt ?? '';
    return at === bt ? byName(a, b) : at < bt ? 1 : -1;
  },
};

/** The people the view and the words typed match, in the view's order. */
export function usersInView(
  users: readonly SearchableUser[],
  view: UserListView,
  words: readonly string[],
  locations: readonly AdminLocation[],
): AdminUser[] {
  const location = view.locationId === null ? undefined : locations.find((l) => l.id === view.locationId);
  return users
    .filter(
      (entry) =>
        (view.role === 'all' || entry.user.role === view.role) &&
        hasStatus(entry.user, view.status) &&
        (view.locationId === null || worksAt(entry.user, location)) &&
        hasEveryWord(entry.folded, words),
    )
    .sort(ORDERS[view.sort])
    .map((entry) => entry.user);
}
