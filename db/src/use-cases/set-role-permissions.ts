import type { Db } from '@db/client.ts';
import {
  listPermissionDescriptions,
  lockRolePermissions,
  readAdminRoles,
  replaceRolePermissions,
} from '@db/repositories/admin-roles.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import type { Actor } from '@engine/actor.ts';
import type { AdminRole } from '@engine/admin-role-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { notFoundMessage } from '@engine/errors/refusal-messages.ts';
import {
  ADMIN_ROLE,
  type PermissionKey,
  ROLE_NAMES,
  roleKeySchema,
  samePermissions,
} from '@engine/permissions.ts';
import { assertAdminRole } from './admin-rules.ts';

export const ADMIN_ROW_MESSAGE = 'The admin role always has every permission; it cannot be changed.';

const noRole = (roleKey: string) => AppError.notFound(notFoundMessage(`role '${roleKey}'`));

const quoted = (names: readonly string[]) => names.map((name) => `“${name}”`).join(', ');

/**
 * "Someone changed Staff's permissions since you opened them: “Do nightly counts” was taken away. Reload to
 * see them." — what differs between the list the editor showed and the stored one, in the matrix's words.
 */
export function rolePermissionsChangedMessage(
  roleName: string,
  basedOn: readonly string[],
  stored: readonly string[],
  describe: (key: string) => string,
): string {
  const added = stored.filter((key) => !basedOn.includes(key)).map(describe);
  const removed = basedOn.filter((key) => !stored.includes(key)).map(describe);
  const changes = [
    added.length > 0 ? `${quoted(added)} ${added.length === 1 ? 'was' : 'were'} given` : null,
    removed.length > 0 ? `${quoted(removed)} ${removed.length === 1 ? 'was' : 'were'} taken away` : null,
  ].filter((change) => change !== null);
  return `Someone changed ${roleName}'s permissions since you opened them: ${changes.join('; ')}. Nothing was saved; reload to see them, then make your change again.`;
}

async function rolePermissionsChanged(
  tx: Db,
  roleKey: string,
  basedOn: readonly string[],
  stored: readonly string[],
): Promise<AppError> {
  const descriptions = new Map((await listPermissionDescriptions(tx)).map((p) => [p.key, p.description]));
  const role = roleKeySchema.safeParse(roleKey);
  const roleName = role.success ? ROLE_NAMES[role.data] : roleKey;
  return new AppError(
    'role_permissions_changed',
    rolePermissionsChangedMessage(roleName, basedOn, stored, (key) => descriptions.get(key) ?? key),
    { details: { permissions: [...stored] } },
  );
}

/**
 * Replaces a role's permissions with `permissions`, if they are still `basedOn` — the list the person saw when
 * they made the change. The whole list is sent, so a save made on an outdated list would silently undo another
 * admin's change; it is refused instead (409 role_permissions_changed). The answer is the role as the matrix
 * shows it.
 */
export async function setRolePermissions(
  db: Db,
  actor: Actor,
  roleKey: string,
  permissions: readonly PermissionKey[],
  basedOn: readonly PermissionKey[],
): Promise<AdminRole> {
  // Granting permissions is the one admin act that can widen the granter's own access, so only the admin
  // role may do it, even when another role holds admin_panel.
  assertAdminRole(actor);
  if (roleKey === ADMIN_ROLE) throw AppError.conflict(ADMIN_ROW_MESSAGE);
  await db.transaction(async (tx) => {
    // The role stays locked until commit: of two saves based on one list, the second reads the first's.
    const before = await lockRolePermissions(tx, roleKey);
    if (before === null) throw noRole(roleKey);
    if (!samePermissions(before, basedOn)) throw await rolePermissionsChanged(tx, roleKey, basedOn, before);
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
