import { sessionEndpoints } from '@engine/endpoints/session-endpoints.ts';
import { call } from '@web/lib/api-client.ts';

/**
 * Ends the session with a POST (a GET never signs anyone out, so no link elsewhere can), then loads the
 * landing page afresh, so nothing of the signed-in app (its cache, its pending queries) outlives the
 * session in this tab. When the call fails the landing page still loads and shows who is signed in.
 */
export async function signOut(): Promise<void> {
  try {
    await call(sessionEndpoints.signOut, {});
  } finally {
    window.location.assign('/');
  }
}
