import type { AppDeps } from '@bff/app-deps.ts';
import type { Db } from '@db/client.ts';
import { listParLocks } from '@db/repositories/par-locks.ts';
import { changeParLocks } from '@db/use-cases/change-par-locks.ts';
import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import type { ParLocksResponse } from '@engine/par-lock-schemas.ts';

async function loadParLocks(db: Db, locationId: number): Promise<ParLocksResponse> {
  const products = await listParLocks(db, locationId);
  return { locationId, products, lockedCount: products.filter((product) => product.locked).length };
}

/** Par Lock: which PARs of a location are locked, and locking or unlocking them. */
export function parLocksModule({ db, routes }: AppDeps) {
  return routes()
    .on(countingEndpoints.getParLocks, ({ params }) => loadParLocks(db, params.locationId))
    .on(countingEndpoints.changeParLocks, async ({ params, body, user }) => {
      const changed = await changeParLocks(db, user, params.locationId, body);
      return { ...(await loadParLocks(db, params.locationId)), changed };
    }).app;
}
