import type { AppDeps } from '@bff/app-deps.ts';
import { readAdminRoles } from '@db/repositories/admin-roles.ts';
import { listAdminUsers } from '@db/repositories/user-admin.ts';
import { createUser } from '@db/use-cases/create-user.ts';
import { resetUserPassword } from '@db/use-cases/reset-user-password.ts';
import { setRolePermissions } from '@db/use-cases/set-role-permissions.ts';
import { updateUser } from '@db/use-cases/update-user.ts';
import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';

/** Users and the roles → permissions matrix. */
export function adminUsersModule({ db, routes }: AppDeps) {
  return routes()
    .on(adminEndpoints.listUsers, () => listAdminUsers(db))
    .on(adminEndpoints.inviteUser, ({ body, user }) => createUser(db, user, body))
    .on(adminEndpoints.updateUser, ({ params, body, user }) => updateUser(db, user, params.id, body))
    .on(adminEndpoints.resetUserPassword, ({ params, user }) => resetUserPassword(db, user, params.id))
    .on(adminEndpoints.listRoles, () => readAdminRoles(db))
    .on(adminEndpoints.setRolePermissions, ({ params, body, user }) =>
      setRolePermissions(db, user, params.key, body.permissions, body.basedOn),
    ).app;
}
