import type { AppDeps } from '@bff/app-deps.ts';
import { updatePars } from '@db/use-cases/update-pars.ts';
import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';

/**
 * Set PARs: PAR, lifecycle, stock status and the backordered flag per location and product. Locking a PAR
 * is the Par Lock module's (POST /api/par-locks/:locationId); this one only honours the locks.
 */
export function parsModule(deps: AppDeps) {
  return deps
    .routes()
    .on(countingEndpoints.updatePars, ({ body, user }) =>
      updatePars(deps.db, user, body.locationId, body.items),
    ).app;
}
