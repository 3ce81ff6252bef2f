import { Elysia } from 'elysia';
import { listLocationsInScope } from '../../../../db/src/repositories/locations.ts';
import type { Location } from '../../../../engine/src/api-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';

export function locationsModule({ db, auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get(
      '/api/user/locations',
      ({ user }): Promise<Location[]> => listLocationsInScope(db, { userId: user.id, role: user.role }),
      { auth: 'signed-in' },
    );
}
