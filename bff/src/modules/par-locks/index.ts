import type { AppDeps } from '@bff/app-deps.ts';
import type { AccessRule } from '@bff/auth/current-user.ts';
import { assertLocationInScope } from '@bff/auth/location-scope.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import type { Db } from '@db/client.ts';
import { listParLocks } from '@db/repositories/par-locks.ts';
import { locationIdSchema } from '@engine/api-schemas.ts';
import {
  type ParLockChangeResponse,
  type ParLocksResponse,
  parLockChangeBodySchema,
  parLocksResponseSchema,
} from '@engine/par-lock-schemas.ts';
import { Elysia } from 'elysia';
import { changeParLocks } from './change-par-locks.ts';

const PAR_LOCK_MANAGEMENT = {
  anyOf: ['par_lock_management'],
  to: 'lock or unlock PARs',
} as const satisfies AccessRule;

async function loadParLocks(db: Db, locationId: number): Promise<ParLocksResponse> {
  const products = await listParLocks(db, locationId);
  return parLocksResponseSchema.parse({
    locationId,
    products,
    lockedCount: products.filter((product) => product.locked).length,
  });
}

export function parLocksModule({ db, auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get(
      '/api/par-locks/:locationId',
      async ({ params, user }): Promise<ParLocksResponse> => {
        const locationId = parseInput(locationIdSchema, params.locationId);
        await assertLocationInScope(db, user, locationId);
        return loadParLocks(db, locationId);
      },
      { auth: PAR_LOCK_MANAGEMENT },
    )
    .post(
      '/api/par-locks/:locationId',
      async ({ params, body, user }): Promise<ParLockChangeResponse> => {
        const change = parseInput(parLockChangeBodySchema, body);
        const locationId = parseInput(locationIdSchema, params.locationId);
        await assertLocationInScope(db, user, locationId);
        const changed = await changeParLocks(db, user.id, locationId, change);
        return { ...(await loadParLocks(db, locationId)), changed };
      },
      { auth: PAR_LOCK_MANAGEMENT },
    );
}
