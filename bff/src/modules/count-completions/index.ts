import type { AppDeps } from '@bff/app-deps.ts';
import { assertLocationInScope } from '@bff/auth/location-scope.ts';
import { READ_INVENTORY } from '@bff/auth/read-access.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import { findActiveCountCompletion } from '@db/repositories/count-completions.ts';
import { type CountCompletion, completeCountBodySchema, locationIdSchema } from '@engine/api-schemas.ts';
import { checkCountCompletion } from '@engine/count-completion-guard.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { Elysia } from 'elysia';
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
