import { Elysia } from 'elysia';
import { listRolePermissions } from '../../../../db/src/repositories/role-permissions.ts';
import { ADMIN_ROLE, PERMISSION_KEYS, type PermissionsMap } from '../../../../engine/src/permissions.ts';
import type { AppDeps } from '../../app-deps.ts';

export function permissionsModule({ db, auth }: AppDeps) {
  return new Elysia().use(auth).get(
    '/api/permissions',
    async (): Promise<PermissionsMap> => {
      const stored = await listRolePermissions(db);
      // Admin is never stored: it always holds every key, including ones added after its row was made.
      return { ...stored, [ADMIN_ROLE]: [...PERMISSION_KEYS] };
    },
    { auth: 'signed-in' },
  );
}
