import { sessionEndpoints } from '@engine/endpoints/session-endpoints.ts';
import { endpointUrl } from '@web/lib/api-client.ts';

/**
 * Signing out is a link, not a call: the server ends the session and redirects to the landing page, so
 * nothing of the signed-in app (its cache, its pending queries) outlives the session in this tab.
 */
export const SIGN_OUT_HREF = endpointUrl(sessionEndpoints.signOutRedirect, {});
