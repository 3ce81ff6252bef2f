import { type PermissionKey, resolvePermissions } from '@engine/permissions.ts';
import { useCallback, useMemo } from 'react';
import { usePermissionsMap } from './permissions-map.ts';
import { useUserRole } from './user-role.ts';

export interface PermissionsState {
  has: (permission: PermissionKey) => boolean;
  /** False until both the role and the role → permissions map have loaded; nothing is granted before. */
  ready: boolean;
  granted: ReadonlySet<PermissionKey>;
}

export function usePermissions(): PermissionsState {
  const role = useUserRole();
  const map = usePermissionsMap();
  const ready = role.isSuccess && map.isSuccess;
  const roleKey = ready ? role.data.role : null;
  const mapData = ready ? map.data : null;
  const granted = useMemo(() => resolvePermissions(roleKey, mapData), [roleKey, mapData]);
  const has = useCallback((permission: PermissionKey) => granted.has(permission), [granted]);
  return { has, ready, granted };
}
