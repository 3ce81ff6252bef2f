import type { AppDeps } from '@bff/app-deps.ts';
import { assertLocationInScope } from '@bff/auth/location-scope.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import { type ParsResponse, updateParsBodySchema } from '@engine/counting-schemas.ts';
import { Elysia } from 'elysia';
import { updatePars } from './update-pars.ts';

/**
 * Set PARs: PAR, lifecycle, stock status and the backordered flag per location and product. Locking a PAR
 * is the Par Lock module's (POST /api/par-locks/:locationId); this one only honours the locks.
 */
export function parsModule({ db, auth }: AppDeps) {
  return new Elysia().use(auth).patch(
    '/api/pars',
    async ({ body, user }): Promise<ParsResponse> => {
      const { locationId, items } = parseInput(updateParsBodySchema, body);
      await assertLocationInScope(db, user, locationId);
      return updatePars(db, user, locationId, items);
    },
    { auth: { anyOf: ['set_pars'], to: 'set PARs' } },
  );
}
