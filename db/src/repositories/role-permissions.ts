import type { Db } from '@db/client.ts';

/** Every role in the database with the permission keys stored for it (roles without any get []). */
export async function listRolePermissions(db: Db): Promise<Record<string, string[]>> {
  const rows = await db.query<{ role: string; permissions: string[] }>(
    `SELECT r.key AS role,
            COALESCE(array_agg(rp.permission_key ORDER BY rp.permission_key)
                     FILTER (WHERE rp.permission_key IS NOT NULL), '{}') AS permissions
       FROM roles r LEFT JOIN role_permissions rp ON rp.role_key = r.key
      GROUP BY r.key
      ORDER BY r.key`,
  );
  return Object.fromEntries(rows.map((row) => [row.role, row.permissions]));
}

export async function listPermissionsOfRole(db: Db, role: string): Promise<string[]> {
  const rows = await db.query<{ key: string }>(
    'SELECT permission_key AS key FROM role_permissions WHERE role_key = $1 ORDER BY permission_key',
    [role],
  );
  return rows.map((row) => row.key);
}
