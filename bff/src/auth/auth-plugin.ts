import { Elysia } from 'elysia';
import type { Db } from '../../../db/src/client.ts';
import { listPermissionsOfRole } from '../../../db/src/repositories/role-permissions.ts';
import { findSessionUser } from '../../../db/src/repositories/sessions.ts';
import { resolvePermissions, roleKeySchema } from '../../../engine/src/permissions.ts';
import { AppError } from '../errors/app-error.ts';
import type { AccessRule, CurrentUser } from './current-user.ts';
import { hashSessionId, isWellFormedSessionId, SESSION_COOKIE } from './session-cookie.ts';

export const NO_PERMISSIONS_MESSAGE =
  'Your role has no permissions yet. Ask an administrator to give your role access.';

/** Resolves the session cookie to a live session's user with the role's permissions, or null. */
export async function resolveCurrentUser(
  db: Db,
  cookieValue: unknown,
  idleSeconds: number,
): Promise<CurrentUser | null> {
  if (!isWellFormedSessionId(cookieValue)) return null;
  const sessionIdHash = hashSessionId(cookieValue);
  const found = await findSessionUser(db, sessionIdHash, idleSeconds);
  if (!found) return null;
  const role = roleKeySchema.safeParse(found.role);
  if (!role.success) return null;
  const permissions = resolvePermissions(role.data, {
    [role.data]: await listPermissionsOfRole(db, role.data),
  });
  return {
    id: found.userId,
    email: found.email,
    firstName: found.firstName,
    lastName: found.lastName,
    role: role.data,
    profileImageUrl: found.profileImageUrl,
    permissions,
    sessionIdHash,
  };
}

/** Throws the 403 a route gives a user its rule does not admit. */
export function assertAllowed(user: CurrentUser, rule: AccessRule): void {
  if (rule === 'signed-in') return;
  if (user.permissions.size === 0) throw AppError.forbidden(NO_PERMISSIONS_MESSAGE);
  if (rule === 'any-permission') return;
  if (!rule.anyOf.some((key) => user.permissions.has(key))) {
    throw AppError.forbidden(`You do not have permission to ${rule.to}.`);
  }
}

/**
 * The `auth` route option: `{ auth: 'signed-in' }`, `{ auth: 'any-permission' }` or `{ auth: { anyOf, to } }` makes a route answer 401 when
 * signed out, 403 when the role may not, and hands the handler `user`.
 */
export function authPlugin(deps: { db: Db; idleSeconds: number }) {
  return new Elysia().macro({
    auth: (rule: AccessRule) => ({
      async resolve({ cookie }) {
        const user = await resolveCurrentUser(deps.db, cookie[SESSION_COOKIE]?.value, deps.idleSeconds);
        if (!user) throw AppError.unauthorized();
        assertAllowed(user, rule);
        return { user };
      },
    }),
  });
}

export type AuthPlugin = ReturnType<typeof authPlugin>;
