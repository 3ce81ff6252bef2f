import type { AppDeps } from '@bff/app-deps.ts';
import { listRolePermissions } from '@db/repositories/role-permissions.ts';
import { sessionEndpoints } from '@engine/endpoints/session-endpoints.ts';
import { ADMIN_ROLE, PERMISSION_KEYS } from '@engine/permissions.ts';

export function permissionsModule({ db, routes }: AppDeps) {
  return routes().on(sessionEndpoints.permissions, async () => {
    const stored = await listRolePermissions(db);
    // Admin is never stored: it always holds every key, including ones added after its row was made.
    return { ...stored, [ADMIN_ROLE]: [...PERMISSION_KEYS] };
  }).app;
}
