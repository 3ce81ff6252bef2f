import type { AppDeps } from '@bff/app-deps.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import { ADMIN_PANEL } from '@bff/modules/admin/admin-access.ts';
import { parseRecordId } from '@bff/modules/admin/record-id.ts';
import { listAdminUsers } from '@db/repositories/user-admin.ts';
import {
  type AdminUser,
  inviteUserBodySchema,
  type UserWithOneTimePassword,
  updateUserBodySchema,
} from '@engine/user-admin-schemas.ts';
import { Elysia } from 'elysia';
import { inviteUser, resetPassword, updateUser } from './user-writes.ts';

export function adminUsersModule({ db, auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get('/api/admin/users', (): Promise<AdminUser[]> => listAdminUsers(db), { auth: ADMIN_PANEL })
    .post(
      '/api/admin/users',
      async ({ body, user, set }): Promise<UserWithOneTimePassword> => {
        const invited = await inviteUser(db, user, parseInput(inviteUserBodySchema, body));
        set.status = 201;
        return invited;
      },
      { auth: ADMIN_PANEL },
    )
    .patch(
      '/api/admin/users/:id',
      ({ params, body, user }): Promise<AdminUser> =>
        updateUser(db, user, parseRecordId(params.id), parseInput(updateUserBodySchema, body)),
      { auth: ADMIN_PANEL },
    )
    .post(
      '/api/admin/users/:id/reset-password',
      ({ params, user }): Promise<UserWithOneTimePassword> =>
        resetPassword(db, user, parseRecordId(params.id)),
      { auth: ADMIN_PANEL },
    );
}
