import { ERROR_CATALOGUE } from './error-catalogue.ts';

/**
 * The sentences of refusals that many routes give, written once so the same refusal reads the same on
 * every route (decision 020). A refusal of its own kind keeps its catalogue code; these fix the wording.
 */

/** 401 on every route: the catalogue's message, never a route's own. */
export const SIGN_IN_MESSAGE = ERROR_CATALOGUE.unauthorized.message;

/** 403 for a permission the role lacks; `to` finishes the sentence: "approve orders", "open the admin area". */
export function permissionMessage(to: string): string {
  return `You do not have permission to ${to}.`;
}

/** 403 for a role with no permissions at all (it may still sign in and see who it is). */
export const NO_PERMISSIONS_MESSAGE = permissionMessage(
  'use Parstock yet: your role has none. Ask an administrator to give your role access',
);

/** 403 for a location outside the user's cafés, and for one that does not exist: ids are no probe. */
export const LOCATION_FORBIDDEN_MESSAGE = permissionMessage('use this location');

/**
 * 403 for a café that is closed but within the user's reach (theirs, or their district's, before it closed):
 * they may know it, so they are told why, rather than that they lack a permission they had yesterday.
 */
export const CLOSED_CAFE_MESSAGE =
  'This café is closed, so nothing can be counted, ordered or changed there. An administrator can open it again under Settings → Locations.';

/** 404 for a record: "Order not found.", "User not found." The caller knows which id it sent. */
export function notFoundMessage(thing: string): string {
  return `${thing.charAt(0).toUpperCase()}${thing.slice(1)} not found.`;
}

/** 404 for a path no route answers. */
export function noApiRouteMessage(method: string, pathname: string): string {
  return `No API route ${method} ${pathname}`;
}
