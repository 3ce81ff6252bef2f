import type { Db } from '@db/client.ts';
import { lockRolePermissions, readAdminRoles, replaceRolePermissions } from '@db/repositories/admin-roles.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import type { Actor } from '@engine/actor.ts';
import type { AdminRole } from '@engine/admin-role-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { notFoundMessage } from '@engine/errors/refusal-messages.ts';
import { ADMIN_ROLE, type PermissionKey } from '@engine/permissions.ts';
import { assertAdminRole } from './admin-rules.ts';

export const ADMIN_ROW_MESSAGE = 'The admin role always has every permission; it cannot be changed.';

const noRole = (roleKey: string) => AppError.notFound(notFoundMessage(`role '${roleKey}'`));

/** Replaces a role's permissions with `permissions`; the answer is the role as the matrix shows it. */
export async function setRolePermissions(
  db: Db,
  actor: Actor,
  roleKey: string,
  permissions: readonly PermissionKey[],
): Promise<AdminRole> {
  // Granting permissions is the one admin act that can widen the granter's own access, so only the admin
  // role may do it, even when another role holds admin_panel.
  assertAdminRole(actor);
  if (roleKey === ADMIN_ROLE) throw AppError.conflict(ADMIN_ROW_MESSAGE);
  await db.transaction(async (tx) => {
    const before = await lockRolePermissions(tx, roleKey);
    if (before === null) throw noRole(roleKey);
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
  const role = (await readAdminRoles(db)).roles.find((r) => r.key === roleKey);
  if (!role) throw noRole(roleKey);
  return role;
}
