import type { Db } from '@db/client.ts';
import { type AdminRolesResponse, adminRolesResponseSchema } from '@engine/admin-role-schemas.ts';
import { ADMIN_ROLE, PERMISSION_KEYS } from '@engine/permissions.ts';

export interface RoleRow {
  key: string;
  name: string;
  description: string;
  permissions: string[];
}

/** Every role with its stored permission keys (admin's list is empty here: it is never stored). */
export async function listRolesWithPermissions(db: Db): Promise<RoleRow[]> {
  return db.query<RoleRow>(
    `SELECT r.key, r.name, r.description,
            ARRAY(SELECT rp.permission_key FROM role_permissions rp
                   WHERE rp.role_key = r.key ORDER BY rp.permission_key) AS permissions
       FROM roles r
      ORDER BY CASE r.key WHEN 'staff' THEN 1 WHEN 'cafe_manager' THEN 2 WHEN 'district_manager' THEN 3
                          WHEN 'admin' THEN 4 ELSE 5 END, r.key`,
  );
}

export async function listPermissionDescriptions(db: Db): Promise<{ key: string; description: string }[]> {
  return db.query('SELECT key, description FROM permissions ORDER BY key');
}

/** The role's current keys, locking the role so two saves of one row apply one after the other. */
export async function lockRolePermissions(tx: Db, roleKey: string): Promise<string[] | null> {
  const [role] = await tx.query('SELECT 1 FROM roles WHERE key = $1 FOR UPDATE', [roleKey]);
  if (!role) return null;
  const rows = await tx.query<{ key: string }>(
    'SELECT permission_key AS key FROM role_permissions WHERE role_key = $1 ORDER BY permission_key',
    [roleKey],
  );
  return rows.map((row) => row.key);
}

export async function replaceRolePermissions(
  tx: Db,
  roleKey: string,
  keys: readonly string[],
): Promise<void> {
  await tx.query('DELETE FROM role_permissions WHERE role_key = $1', [roleKey]);
  await tx.query('INSERT INTO role_permissions (role_key, permission_key) SELECT $1, unnest($2::text[])', [
    roleKey,
    [...keys],
  ]);
}

/** The roles matrix of the admin screen: admin is shown with every key and is not editable. */
export async function readAdminRoles(db: Db): Promise<AdminRolesResponse> {
  const [roles, permissions] = [await listRolesWithPermissions(db), await listPermissionDescriptions(db)];
  // Parsed so the text columns reach the client as the engine's key enums.
  return adminRolesResponseSchema.parse({
    roles: roles.map((role) => ({
      ...role,
      permissions: role.key === ADMIN_ROLE ? [...PERMISSION_KEYS] : role.permissions,
      editable: role.key !== ADMIN_ROLE,
    })),
    permissions,
  });
}
