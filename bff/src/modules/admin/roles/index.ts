import type { AppDeps } from '@bff/app-deps.ts';
import type { CurrentUser } from '@bff/auth/current-user.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import { ADMIN_PANEL, assertAdminRole, conflict } from '@bff/modules/admin/admin-access.ts';
import type { Db } from '@db/client.ts';
import {
  listPermissionDescriptions,
  listRolesWithPermissions,
  lockRolePermissions,
  replaceRolePermissions,
} from '@db/repositories/admin-roles.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import {
  type AdminRole,
  type AdminRolesResponse,
  adminRolesResponseSchema,
  rolePermissionsBodySchema,
} from '@engine/admin-role-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { ADMIN_ROLE, PERMISSION_KEYS } from '@engine/permissions.ts';
import { Elysia } from 'elysia';

export const ADMIN_ROW_MESSAGE = 'The admin role always has every permission; it cannot be changed.';

async function loadRoles(db: Db): Promise<AdminRolesResponse> {
  const [roles, permissions] = [await listRolesWithPermissions(db), await listPermissionDescriptions(db)];
  // Parsed so the text columns reach the client as the engine's key enums; admin shows every key.
  return adminRolesResponseSchema.parse({
    roles: roles.map((role) => ({
      ...role,
      permissions: role.key === ADMIN_ROLE ? [...PERMISSION_KEYS] : role.permissions,
      editable: role.key !== ADMIN_ROLE,
    })),
    permissions,
  });
}

async function saveRolePermissions(
  db: Db,
  actor: CurrentUser,
  roleKey: string,
  body: unknown,
): Promise<AdminRole> {
  // Granting permissions is the one admin act that can widen the granter's own access, so only the admin
  // role may do it, even when another role holds admin_panel.
  assertAdminRole(actor);
  if (roleKey === ADMIN_ROLE) throw conflict(ADMIN_ROW_MESSAGE);
  const { permissions } = parseInput(rolePermissionsBodySchema, body);
  await db.transaction(async (tx) => {
    const before = await lockRolePermissions(tx, roleKey);
    if (before === null) throw AppError.notFound(`No role '${roleKey}'.`);
    await replaceRolePermissions(tx, roleKey, permissions);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'role.permissions',
      entity: 'role',
      entityId: roleKey,
      locationId: null,
      before: { permissions: before },
      after: { permissions },
    });
  });
  const role = (await loadRoles(db)).roles.find((r) => r.key === roleKey);
  if (!role) throw AppError.notFound(`No role '${roleKey}'.`);
  return role;
}

export function adminRolesModule({ db, auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get('/api/admin/roles', (): Promise<AdminRolesResponse> => loadRoles(db), { auth: ADMIN_PANEL })
    .put(
      '/api/admin/roles/:key/permissions',
      ({ params, body, user }): Promise<AdminRole> => saveRolePermissions(db, user, params.key, body),
      { auth: ADMIN_PANEL },
    );
}
