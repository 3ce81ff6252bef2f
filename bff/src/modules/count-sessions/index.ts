import type { AppDeps } from '@bff/app-deps.ts';
import type { AccessRule } from '@bff/auth/current-user.ts';
import { assertLocationInScope } from '@bff/auth/location-scope.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import {
  type ClearCountResponse,
  type ConfirmCountItemsResponse,
  clearCountBodySchema,
  confirmCountItemsBodySchema,
  type SaveCountItemsResponse,
  type StartCountResponse,
  saveCountItemsBodySchema,
  startCountBodySchema,
} from '@engine/counting-schemas.ts';
import { Elysia } from 'elysia';
import { clearCount } from './clear-count.ts';
import { confirmCount } from './confirm-count-items.ts';
import { saveCountItemBatch } from './save-count-items.ts';
import { startCount } from './start-count.ts';

const COUNT_INVENTORY = { anyOf: ['count_inventory'], to: 'count inventory' } as const satisfies AccessRule;

/** Count Inventory writes: start, clear, item saves (autosave) and confirmation of a location's count. */
export function countSessionsModule({ db, auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .post(
      '/api/count-sessions/start',
      async ({ body, user, set }): Promise<StartCountResponse> => {
        const { locationId } = parseInput(startCountBodySchema, body);
        await assertLocationInScope(db, user, locationId);
        const started = await startCount(db, user.id, locationId);
        set.status = 201;
        return started;
      },
      { auth: COUNT_INVENTORY },
    )
    .post(
      '/api/count-sessions/clear',
      async ({ body, user }): Promise<ClearCountResponse> => {
        const input = parseInput(clearCountBodySchema, body);
        await assertLocationInScope(db, user, input.locationId);
        return clearCount(db, user.id, input);
      },
      { auth: COUNT_INVENTORY },
    )
    .post(
      '/api/count-sessions/items',
      async ({ body, user }): Promise<SaveCountItemsResponse> => {
        const input = parseInput(saveCountItemsBodySchema, body);
        await assertLocationInScope(db, user, input.locationId);
        return saveCountItemBatch(db, user.id, input);
      },
      { auth: COUNT_INVENTORY },
    )
    .post(
      '/api/count-sessions/confirm',
      async ({ body, user }): Promise<ConfirmCountItemsResponse> => {
        const input = parseInput(confirmCountItemsBodySchema, body);
        await assertLocationInScope(db, user, input.locationId);
        return confirmCount(db, user.id, input);
      },
      { auth: COUNT_INVENTORY },
    );
}
