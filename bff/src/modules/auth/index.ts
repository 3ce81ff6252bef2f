import type { AppDeps } from '@bff/app-deps.ts';
import { toAuthUser } from '@bff/auth/auth-user.ts';
import { resolveCurrentUser } from '@bff/auth/session-access.ts';
import {
  hashSessionId,
  isWellFormedSessionId,
  newSessionId,
  sessionCookieName,
  sessionCookieOptions,
} from '@bff/auth/session-cookie.ts';
import { clientIp, isHttps } from '@bff/http/request-origin.ts';
import { deleteSession } from '@db/repositories/sessions.ts';
import { changePassword } from '@db/use-cases/change-password.ts';
import type { NewSession } from '@db/use-cases/sign-in.ts';
import { signIn } from '@db/use-cases/sign-in.ts';
import type { AuthUser } from '@engine/api-schemas.ts';
import { credentialEndpoints } from '@engine/endpoints/credential-endpoints.ts';
import { sessionEndpoints } from '@engine/endpoints/session-endpoints.ts';
import { type Cookie, redirect } from 'elysia';
import { safeReturnTo } from './return-to.ts';
import { SIGN_OUT_PAGE } from './sign-out-page.ts';

/** Sign-in page of the web app; the landing page links to /api/login, which sends people there. */
const SIGN_IN_PAGE = '/sign-in';

function isFormPost(request: Request): boolean {
  const type = request.headers.get('content-type')?.toLowerCase() ?? '';
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
}

interface Connection {
  request: Request;
  peerAddress: string | null;
}

/**
 * Signing in and out, and changing one's password. The session id lives only in the cookie: the use cases
 * store its hash, so forming the id, its cookie and the redirects stays here.
 */
export function authModule({ db, config, routes }: AppDeps, limitsClock?: () => Date) {
  /** A fresh session id for the cookie, and what the use case stores about the session it opens. */
  function newSession({ request, peerAddress }: Connection): { sessionId: string; session: NewSession } {
    const sessionId = newSessionId();
    return {
      sessionId,
      session: {
        idHash: hashSessionId(sessionId),
        ip: clientIp(request, config, peerAddress),
        userAgent: request.headers.get('user-agent'),
        absoluteSeconds: config.sessionAbsoluteSeconds,
      },
    };
  }

  /** The request's session cookie: `__Host-sid` over HTTPS, `sid` over plain HTTP. */
  function sessionCookie(cookie: Record<string, Cookie<unknown>>, request: Request): Cookie<unknown> {
    return cookie[sessionCookieName(isHttps(request, config))] as Cookie<unknown>;
  }

  /** Hands the browser its new session and answers who is now signed in. */
  async function startSession(sid: Cookie<unknown>, request: Request, sessionId: string): Promise<AuthUser> {
    sid.set({
      value: sessionId,
      ...sessionCookieOptions(isHttps(request, config), config.sessionAbsoluteSeconds),
    });
    const user = await resolveCurrentUser(db, sessionId, config.sessionIdleSeconds);
    if (!user) throw new Error('A session created a moment ago does not resolve');
    return toAuthUser(user);
  }

  async function endSession(sid: Cookie<unknown>, request: Request): Promise<void> {
    if (isWellFormedSessionId(sid.value)) await deleteSession(db, hashSessionId(sid.value));
    sid.set({ value: '', ...sessionCookieOptions(isHttps(request, config), 0), expires: new Date(0) });
  }

  return routes()
    .on(credentialEndpoints.signIn, async ({ body, cookie, request, peerAddress }) => {
      const sid = sessionCookie(cookie, request);
      const { sessionId, session } = newSession({ request, peerAddress });
      await signIn(db, {
        ...body,
        session,
        presentedSessionIdHash: isWellFormedSessionId(sid.value) ? hashSessionId(sid.value) : null,
        limitsAt: limitsClock?.() ?? null,
      });
      return startSession(sid, request, sessionId);
    })
    .on(credentialEndpoints.changePassword, async ({ body, user, cookie, request, peerAddress }) => {
      const { sessionId, session } = newSession({ request, peerAddress });
      await changePassword(db, user, body, session, limitsClock?.() ?? null);
      return startSession(sessionCookie(cookie, request), request, sessionId);
    })
    .on(sessionEndpoints.signOut, async ({ cookie, request }) => {
      await endSession(sessionCookie(cookie, request), request);
      // The sign-out page's form navigates here: send the browser on to the landing page. A script's
      // fetch gets the plain 204.
      return isFormPost(request) ? redirect('/', 303) : null;
    })
    .on(sessionEndpoints.signInRedirect, ({ query }) => {
      const returnTo = safeReturnTo(query.returnTo);
      return redirect(
        returnTo ? `${SIGN_IN_PAGE}?returnTo=${encodeURIComponent(returnTo)}` : SIGN_IN_PAGE,
        302,
      );
    })
    .on(sessionEndpoints.signOutPage, ({ set }) => {
      set.headers['content-type'] = 'text/html; charset=utf-8';
      return SIGN_OUT_PAGE;
    }).app;
}
