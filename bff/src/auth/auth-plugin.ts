import type { Db } from '@db/client.ts';
import { listPermissionsOfRole } from '@db/repositories/role-permissions.ts';
import { findSessionUser } from '@db/repositories/sessions.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { resolvePermissions, roleKeySchema } from '@engine/permissions.ts';
import { Elysia } from 'elysia';
import type { AccessRule, CurrentUser } from './current-user.ts';
import { hashSessionId, isWellFormedSessionId, SESSION_COOKIE } from './session-cookie.ts';

export const NO_PERMISSIONS_MESSAGE =
  'Your role has no permissions yet. Ask an administrator to give your role access.';

export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'Choose a new password to continue.';

/**
 * What a user still on a one-time password may call: who they are and how the app looks (enough to show
 * the "Choose a new password" page), and the change itself. Signing out needs no session, so it is not
 * behind this plugin at all. Everything else waits until the password is the user's own: whoever read the
 * one-time password on its way to them gets no further than this.
 */
export const OPEN_WHILE_PASSWORD_CHANGE_REQUIRED: ReadonlySet<string> = new Set([
  'GET /api/auth/user',
  'GET /api/auth/user-role',
  'GET /api/permissions',
  'GET /api/admin/ui-settings',
  'POST /api/auth/change-password',
]);

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
    mustChangePassword: found.mustChangePassword,
    sessionIdHash,
  };
}

/** Throws the 403 of a user who must first replace their one-time password. */
export function refuseUntilPasswordChanged(user: CurrentUser): void {
  if (user.mustChangePassword)
    throw new AppError('password_change_required', PASSWORD_CHANGE_REQUIRED_MESSAGE);
}

/** Throws the 403 of a user who must first replace their one-time password, unless `route` is open to them. */
export function assertPasswordSettled(user: CurrentUser, route: string): void {
  if (!OPEN_WHILE_PASSWORD_CHANGE_REQUIRED.has(route)) refuseUntilPasswordChanged(user);
}

/** Throws the 403 a route gives a user its rule does not admit. */
export function assertAllowed(user: CurrentUser, rule: AccessRule): void {
  if (rule === 'public' || rule === 'signed-in') return;
  if (user.permissions.size === 0) throw AppError.forbidden(NO_PERMISSIONS_MESSAGE);
  if (rule === 'any-permission') return;
  if (!rule.anyOf.some((key) => user.permissions.has(key))) {
    throw AppError.forbidden(`You do not have permission to ${rule.to}.`);
  }
}

/**
 * The `auth` route option: `{ auth: 'signed-in' }`, `{ auth: 'any-permission' }` or `{ auth: { anyOf, to } }` makes a route answer 401 when
 * signed out, 403 while the user must still replace a one-time password or when the role may not, and hands
 * the handler `user`.
 */
export function authPlugin(deps: { db: Db; idleSeconds: number }) {
  return new Elysia().macro({
    auth: (rule: AccessRule) => ({
      async resolve({ cookie, request, route }) {
        const user = await resolveCurrentUser(deps.db, cookie[SESSION_COOKIE]?.value, deps.idleSeconds);
        if (!user) throw AppError.unauthorized();
        assertPasswordSettled(user, `${request.method} ${route}`);
        assertAllowed(user, rule);
        return { user };
      },
    }),
  });
}

export type AuthPlugin = ReturnType<typeof authPlugin>;
