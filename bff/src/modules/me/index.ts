import type { AppDeps } from '@bff/app-deps.ts';
import { toAuthUser } from '@bff/auth/auth-user.ts';
import { sessionEndpoints } from '@engine/endpoints/session-endpoints.ts';

/** Who the signed-in person is: open even while they must still replace a one-time password. */
export function meModule({ routes }: AppDeps) {
  return routes()
    .on(sessionEndpoints.currentUser, ({ user }) => toAuthUser(user))
    .on(sessionEndpoints.currentUserRole, ({ user }) => ({ role: user.role })).app;
}
