import type { AppDeps } from '@bff/app-deps.ts';
import { listRolePermissions } from '@db/repositories/role-permissions.ts';
import { ADMIN_ROLE, PERMISSION_KEYS, type PermissionsMap } from '@engine/permissions.ts';
import { Elysia } from 'elysia';

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
