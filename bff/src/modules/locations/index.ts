import type { AppDeps } from '@bff/app-deps.ts';
import { listLocationsInScope } from '@db/repositories/locations.ts';
import type { Location } from '@engine/api-schemas.ts';
import { Elysia } from 'elysia';

export function locationsModule({ db, auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get(
      '/api/user/locations',
      ({ user }): Promise<Location[]> => listLocationsInScope(db, { userId: user.id, role: user.role }),
      { auth: 'signed-in' },
    );
}
