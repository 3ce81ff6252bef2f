import type { PermissionKey, RoleKey } from './permissions.ts';

/**
 * Who a use case acts for: a signed-in user of the web app or the admin named by a CLI command. Use cases
 * decide with it (PAR locks need par_lock_management) and write it into their audit rows.
 */
export interface Actor {
  id: number;
  role: RoleKey;
  permissions: ReadonlySet<PermissionKey>;
}
