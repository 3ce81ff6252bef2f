import { Elysia } from 'elysia';
import type { AuthUser, UserRole } from '../../../../engine/src/api-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { toAuthUser } from '../../auth/auth-user.ts';

export function meModule({ auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get('/api/auth/user', ({ user }): AuthUser => toAuthUser(user), { auth: 'signed-in' })
    .get('/api/auth/user-role', ({ user }): UserRole => ({ role: user.role }), { auth: 'signed-in' });
}
