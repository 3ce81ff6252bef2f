import type { AdminRole, RolePermissionsBody } from '@engine/admin-role-schemas.ts';
import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { permissionsQueryKey } from '@web/lib/shared-reads/permissions-map.ts';
import { adminRolesQueryKey } from './admin-roles.ts';

export interface RolePermissionsChange {
  role: string;
  permissions: RolePermissionsBody['permissions'];
  /** The list the matrix showed; the server refuses the save if the role no longer has it. */
  basedOn: RolePermissionsBody['basedOn'];
}

/** The role's whole list. */
export function saveRolePermissions({
  role,
  permissions,
  basedOn,
}: RolePermissionsChange): Promise<AdminRole> {
  return call(
    adminEndpoints.setRolePermissions,
    { params: { key: role }, body: { permissions, basedOn } },
    { retries: 0 },
  );
}

/**
 * Saves every changed role, one call each; the matrix and the app's own permission map reload after — also
 * after a refusal, so a role someone else changed meanwhile is shown as it now is.
 */
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
