import { type AdminRole, adminRoleSchema, type RolePermissionsBody } from '@engine/admin-role-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { permissionsQueryKey } from '@web/lib/shared-reads/permissions-map.ts';
import { ADMIN_ROLES_URL, adminRolesQueryKey } from './admin-roles.ts';
import { sendParsed } from './send-parsed.ts';

export interface RolePermissionsChange {
  role: string;
  permissions: RolePermissionsBody['permissions'];
}

/** PUT /api/admin/roles/:key/permissions: the role's whole list. */
export function saveRolePermissions({ role, permissions }: RolePermissionsChange): Promise<AdminRole> {
  return sendParsed(
    'PUT',
    `${ADMIN_ROLES_URL}/${encodeURIComponent(role)}/permissions`,
    { permissions },
    adminRoleSchema,
  );
}

/** Saves every changed role, one call each; the matrix and the app's own permission map reload after. */
export function useSaveRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: readonly RolePermissionsChange[]) => {
      const saved: AdminRole[] = [];
      for (const change of changes) saved.push(await saveRolePermissions(change));
      return saved;
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminRolesQueryKey }),
        queryClient.invalidateQueries({ queryKey: permissionsQueryKey }),
      ]);
    },
  });
}
