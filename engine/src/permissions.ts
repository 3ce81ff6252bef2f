import { z } from 'zod';

export const PERMISSION_KEYS = [
  'set_pars',
  'count_inventory',
  'nightly_counts',
  'submit_orders',
  'view_orders',
  'manage_orders',
  'approve_orders',
  'par_lock_management',
  'admin_panel',
] as const;
export const permissionKeySchema = z.enum(PERMISSION_KEYS);
export type PermissionKey = z.infer<typeof permissionKeySchema>;

export const ROLE_KEYS = ['staff', 'cafe_manager', 'district_manager', 'admin'] as const;
export const roleKeySchema = z.enum(ROLE_KEYS);
export type RoleKey = z.infer<typeof roleKeySchema>;

/** Each role's name as people read it; the roles table holds the same names (reference data, not editable). */
export const ROLE_NAMES: Readonly<Record<RoleKey, string>> = {
  staff: 'Staff',
  cafe_manager: 'Café manager',
  district_manager: 'District manager',
  admin: 'Admin',
};

export const ADMIN_ROLE: RoleKey = 'admin';

/** Role → permission keys, as GET /api/permissions returns it. */
export const permissionsMapSchema = z.record(z.string(), z.array(z.string()));
export type PermissionsMap = z.infer<typeof permissionsMapSchema>;

/**
 * The permissions a role holds (requirements §6): admin has every permission; any other role has the list the map
 * gives it; before both the role and the map are known nobody has anything.
 */
export function resolvePermissions(
  role: string | null | undefined,
  map: PermissionsMap | null | undefined,
): ReadonlySet<PermissionKey> {
  if (!role || !map) return new Set();
  if (role === ADMIN_ROLE) return new Set(PERMISSION_KEYS);
  const listed = map[role] ?? [];
  return new Set(listed.filter((key): key is PermissionKey => permissionKeySchema.safeParse(key).success));
}

export function hasPermission(
  role: string | null | undefined,
  map: PermissionsMap | null | undefined,
  permission: PermissionKey,
): boolean {
  return resolvePermissions(role, map).has(permission);
}

/** Whether two lists name the same permissions, in any order and however often: a role's list compared as a set. */
export function samePermissions(a: readonly string[], b: readonly string[]): boolean {
  const left = [...new Set(a)].sort();
  const right = [...new Set(b)].sort();
  return left.length === right.length && left.every((key, index) => key === right[index]);
}
