import { Elysia } from 'elysia';
import { findActiveCountCompletion } from '../../../../db/src/repositories/count-completions.ts';
import {
  type CountCompletion,
  completeCountBodySchema,
  locationIdSchema,
} from '../../../../engine/src/api-schemas.ts';
import { checkCountCompletion } from '../../../../engine/src/count-completion-guard.ts';
import type { AppDeps } from '../../app-deps.ts';
import { assertLocationInScope } from '../../auth/location-scope.ts';
import { READ_INVENTORY } from '../../auth/read-access.ts';
import { AppError } from '../../errors/app-error.ts';
import { parseInput } from '../../http/parse-input.ts';
import { completeCount, refusal } from './complete-count.ts';

function locationIdOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>).locationId : undefined;
}

export function countCompletionsModule({ db, auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get(
      '/api/count-completions/active/:locationId',
      async ({ params, user }): Promise<CountCompletion> => {
        const locationId = parseInput(locationIdSchema, params.locationId);
        await assertLocationInScope(db, user, locationId);
        const active = await findActiveCountCompletion(db, locationId);
        // The client polls this and reads 404 as "no completion yet".
        if (!active) throw AppError.notFound('No active count completion');
        return active;
      },
      { auth: READ_INVENTORY },
    )
    .post(
      '/api/count-completions/complete',
      async ({ body, user, set }): Promise<CountCompletion> => {
        const given = locationIdOf(body);
        // No location at all is the guard's own refusal ("Select a location…"), not a parse error.
        if (given === undefined || given === null || given === '') {
          const check = checkCountCompletion({ locationId: null, items: [] });
          if (!check.ok) throw refusal(check);
        }
        const { locationId } = parseInput(completeCountBodySchema, body);
        await assertLocationInScope(db, user, locationId);
        const completion = await completeCount(db, user.id, locationId);
        set.status = 201;
        return completion;
      },
      { auth: { anyOf: ['count_inventory'], to: 'complete counts' } },
    );
}
