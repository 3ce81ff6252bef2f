import { ROLE_KEYS, type RoleKey } from '@engine/permissions.ts';
import { useAdminRoles } from '@web/features/admin/api/admin-roles.ts';
import { useMemo } from 'react';

/** Each role's name as the roles table writes it ("Café manager"), the key until it has loaded. */
export function useRoleNames(): { name: (role: string | null) => string; roles: readonly RoleKey[] } {
  const roles = useAdminRoles();
  return useMemo(() => {
    const names = new Map((roles.data?.roles ?? []).map((role) => [role.key as string, role.name]));
    return {
      name: (role: string | null) =>
        role === null ? 'Anyone' : (names.get(role) ?? role.replace(/_/g, ' ')),
      roles: ROLE_KEYS,
    };
  }, [roles.data]);
}
