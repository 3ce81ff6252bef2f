import type { AppDeps } from '@bff/app-deps.ts';
import { resolveCurrentUser } from '@bff/auth/auth-plugin.ts';
import { toAuthUser } from '@bff/auth/auth-user.ts';
import {
  hashSessionId,
  isWellFormedSessionId,
  SESSION_COOKIE,
  sessionCookieOptions,
} from '@bff/auth/session-cookie.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import { clientIp, isHttps } from '@bff/http/request-origin.ts';
import { deleteSession } from '@db/repositories/sessions.ts';
import { loginBodySchema } from '@engine/api-schemas.ts';
import { changePasswordBodySchema } from '@engine/password-change-schemas.ts';
import { type Cookie, Elysia } from 'elysia';
import { changePassword } from './change-password.ts';
import { safeReturnTo } from './return-to.ts';
import { signIn } from './sign-in.ts';

/** Sign-in page of the web app; the landing page links to /api/login, which sends people there. */
const SIGN_IN_PAGE = '/sign-in';

export function authModule({ db, config, auth }: AppDeps) {
  async function endSession(sid: Cookie<unknown>, request: Request): Promise<void> {
    if (isWellFormedSessionId(sid.value)) await deleteSession(db, hashSessionId(sid.value));
    sid.set({ value: '', ...sessionCookieOptions(isHttps(request, config), 0), expires: new Date(0) });
  }

  return new Elysia()
    .use(auth)
    .post('/api/auth/login', async ({ body, cookie, request, server, set }) => {
      const credentials = parseInput(loginBodySchema, body);
      const sid = cookie[SESSION_COOKIE] as Cookie<unknown>;
      const { sessionId } = await signIn(db, {
        ...credentials,
        ip: clientIp(request, config, server?.requestIP(request)?.address ?? null),
        userAgent: request.headers.get('user-agent'),
        presentedSessionId: sid.value,
        absoluteSeconds: config.sessionAbsoluteSeconds,
      });
      sid.set({
        value: sessionId,
        ...sessionCookieOptions(isHttps(request, config), config.sessionAbsoluteSeconds),
      });
      const user = await resolveCurrentUser(db, sessionId, config.sessionIdleSeconds);
      if (!user) throw new Error('A session created a moment ago does not resolve');
      set.status = 200;
      return toAuthUser(user);
    })
    .post(
      '/api/auth/change-password',
      async ({ body, user, cookie, request, server }) => {
        const change = parseInput(changePasswordBodySchema, body);
        const { sessionId } = await changePassword(db, {
          ...change,
          user,
          ip: clientIp(request, config, server?.requestIP(request)?.address ?? null),
          userAgent: request.headers.get('user-agent'),
          absoluteSeconds: config.sessionAbsoluteSeconds,
        });
        (cookie[SESSION_COOKIE] as Cookie<unknown>).set({
          value: sessionId,
          ...sessionCookieOptions(isHttps(request, config), config.sessionAbsoluteSeconds),
        });
        const changed = await resolveCurrentUser(db, sessionId, config.sessionIdleSeconds);
        if (!changed) throw new Error('A session created a moment ago does not resolve');
        return toAuthUser(changed);
      },
      { auth: 'signed-in' },
    )
    .post('/api/auth/logout', async ({ cookie, request, set }) => {
      await endSession(cookie[SESSION_COOKIE] as Cookie<unknown>, request);
      set.status = 204;
    })
    .get('/api/login', ({ query, redirect }) => {
      const returnTo = safeReturnTo(typeof query.returnTo === 'string' ? query.returnTo : null);
      return redirect(
        returnTo ? `${SIGN_IN_PAGE}?returnTo=${encodeURIComponent(returnTo)}` : SIGN_IN_PAGE,
        302,
      );
    })
    .get('/api/logout', async ({ cookie, request, redirect }) => {
      await endSession(cookie[SESSION_COOKIE] as Cookie<unknown>, request);
      return redirect('/', 302);
    });
}
