import type { AppDeps } from '@bff/app-deps.ts';
import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import { clearCount } from './clear-count.ts';
import { confirmCount } from './confirm-count-items.ts';
import { saveCountItemBatch } from './save-count-items.ts';
import { startCount } from './start-count.ts';

/** Count Inventory writes: start, clear, item saves (autosave) and confirmation of a location's count. */
export function countSessionsModule({ db, routes }: AppDeps) {
  return routes()
    .on(countingEndpoints.startCount, ({ body, user }) => startCount(db, user.id, body.locationId))
    .on(countingEndpoints.clearCount, ({ body, user }) => clearCount(db, user.id, body))
    .on(countingEndpoints.saveCountItems, ({ body, user }) => saveCountItemBatch(db, user.id, body))
    .on(countingEndpoints.confirmCountItems, ({ body, user }) => confirmCount(db, user.id, body)).app;
}
