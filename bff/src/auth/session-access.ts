import type { Db } from '@db/client.ts';
import {
  findSessionAccess,
  findSessionAccessAtEpoch,
  type SessionAccess,
} from '@db/repositories/sessions.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { ERROR_CATALOGUE } from '@engine/errors/error-catalogue.ts';
import { NO_PERMISSIONS_MESSAGE, permissionMessage } from '@engine/errors/refusal-messages.ts';
import { resolvePermissions, roleKeySchema } from '@engine/permissions.ts';
import type { AccessRule, CurrentUser } from './current-user.ts';
import { hashSessionId, isWellFormedSessionId } from './session-cookie.ts';

export { NO_PERMISSIONS_MESSAGE } from '@engine/errors/refusal-messages.ts';

export const PASSWORD_CHANGE_REQUIRED_MESSAGE = ERROR_CATALOGUE.password_change_required.message;

/**
 * Resolves the session cookie to a live session's user with the role's permissions and café scope, or null:
 * one statement a request, never a cache (decision 037).
 */
export async function resolveCurrentUser(
  db: Db,
  cookieValue: unknown,
  idleSeconds: number,
): Promise<CurrentUser | null> {
  if (!isWellFormedSessionId(cookieValue)) return null;
  return resolveSessionUser(db, hashSessionId(cookieValue), idleSeconds);
}

/** resolveCurrentUser for a session id's hash. */
export async function resolveSessionUser(
  db: Db,
  sessionIdHash: string,
  idleSeconds: number,
): Promise<CurrentUser | null> {
  const found = await findSessionAccess(db, sessionIdHash, idleSeconds);
  return found ? toCurrentUser(found, sessionIdHash) : null;
}

/**
 * resolveSessionUser tagged with the access epoch it was read at (decision 063), and the session's absolute end.
 */
export async function resolveSessionUserAtEpoch(
  db: Db,
  sessionIdHash: string,
  idleSeconds: number,
): Promise<{ user: CurrentUser; expiresAt: Date } | null> {
  const found = await findSessionAccessAtEpoch(db, sessionIdHash, idleSeconds);
  const user = found ? toCurrentUser(found, sessionIdHash) : null;
  if (!found || !user) return null;
  return { user: { ...user, accessEpoch: found.accessEpoch }, expiresAt: found.expiresAt };
}

function toCurrentUser(found: SessionAccess, sessionIdHash: string): CurrentUser | null {
  const role = roleKeySchema.safeParse(found.role);
  if (!role.success) return null;
  const permissions = resolvePermissions(role.data, {
    [role.data]: found.permissions,
  });
  return {
    id: found.userId,
    email: found.email,
    firstName: found.firstName,
    lastName: found.lastName,
    role: role.data,
    profileImageUrl: found.profileImageUrl,
    permissions,
    locationScope: new Set(found.scopeLocationIds),
    mustChangePassword: found.mustChangePassword,
    sessionIdHash,
  };
}

/**
 * Throws the 403 of a user who must first replace their one-time password. Only the routes the "Choose a
 * new password" page needs are declared `openDuringPasswordChange`: whoever read the one-time password on its
 * way to the user gets no further than that page.
 */
export function refuseUntilPasswordChanged(user: CurrentUser): void {
  if (user.mustChangePassword) throw new AppError('password_change_required');
}

/** Throws the 403 a route gives a user its rule does not admit. */
export function assertAllowed(user: CurrentUser, rule: AccessRule): void {
  if (rule === 'public' || rule === 'signed-in') return;
  if (user.permissions.size === 0) throw AppError.forbidden(NO_PERMISSIONS_MESSAGE);
  if (rule === 'any-permission') return;
  if (!rule.anyOf.some((key) => user.permissions.has(key))) {
    throw AppError.forbidden(permissionMessage(rule.to));
  }
}

/**
 * Throws the 401 of a write from a page opened for someone other than the session's person: another person signed
 * in on the same browser since, and the cookie is the browser's, shared by its tabs. A request that names nobody
 * (a script, the CLI through the server's socket) is taken as the session's.
 */
export function refuseAnotherPerson(user: CurrentUser, pageUser: string | null): void {
  if (pageUser !== null && pageUser !== String(user.id)) throw new AppError('another_person_signed_in');
}
