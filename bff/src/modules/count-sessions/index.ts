import type { AppDeps } from '@bff/app-deps.ts';
import { clearCount } from '@db/use-cases/clear-count.ts';
import { confirmCount } from '@db/use-cases/confirm-count-items.ts';
import { saveCountItemBatch } from '@db/use-cases/save-count-items.ts';
import { startCount } from '@db/use-cases/start-count.ts';
import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';

/** Count Inventory writes: start, clear, item saves (autosave) and confirmation of a location's count. */
export function countSessionsModule({ db, routes }: AppDeps) {
  return (
    routes()
      .on(countingEndpoints.startCount, ({ body, user }) =>
        startCount(db, user, body.locationId, body.replacing),
      )
      .on(countingEndpoints.clearCount, ({ body, user }) => clearCount(db, user, body))
      // The autosave's save confirms the access it was admitted on (decision 063).
      .on(
        countingEndpoints.saveCountItems,
        ({ body, user, receivedAt }) =>
          saveCountItemBatch(db, user, { ...body, accessEpoch: user.accessEpoch ?? null, receivedAt }),
        { accessConfirmedByWrite: true },
      )
      .on(countingEndpoints.confirmCountItems, ({ body, user }) => confirmCount(db, user, body)).app
  );
}
