import type { AppDeps } from '@bff/app-deps.ts';
import { findActiveCountCompletion } from '@db/repositories/count-completions.ts';
import { completeCount } from '@db/use-cases/complete-count.ts';
import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { notFoundMessage } from '@engine/errors/refusal-messages.ts';

/** Count completion: the status every screen polls, and "Complete count" of Count Inventory. */
export function countCompletionsModule({ db, routes }: AppDeps) {
  return routes()
    .on(countingEndpoints.getActiveCountCompletion, async ({ params }) => {
      const active = await findActiveCountCompletion(db, params.locationId);
      // The client polls this and reads 404 as "no completion yet".
      if (!active) throw AppError.notFound(notFoundMessage('active count completion'));
      return active;
    })
    .on(countingEndpoints.completeCount, ({ body, user }) => completeCount(db, user, body.locationId)).app;
}
