import type { AppDeps } from '@bff/app-deps.ts';
import { toAuthUser } from '@bff/auth/auth-user.ts';
import type { AuthUser, UserRole } from '@engine/api-schemas.ts';
import { Elysia } from 'elysia';

export function meModule({ auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get('/api/auth/user', ({ user }): AuthUser => toAuthUser(user), { auth: 'signed-in' })
    .get('/api/auth/user-role', ({ user }): UserRole => ({ role: user.role }), { auth: 'signed-in' });
}
