import type { AppDeps } from '@bff/app-deps.ts';
import type { AccessRule } from '@bff/auth/current-user.ts';
import { assertLocationInScope } from '@bff/auth/location-scope.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import { findNightlyCount, listNightlyCountItems } from '@db/repositories/nightly-counts.ts';
import {
  type CompleteNightlyCountResponse,
  completeNightlyCountBodySchema,
  type NightlyCountResponse,
  nightlyCountQuerySchema,
  type SaveNightlyItemsResponse,
  saveNightlyItemsBodySchema,
} from '@engine/counting-schemas.ts';
import { Elysia } from 'elysia';
import { completeNightlyCount, saveNightlyItemBatch } from './nightly-count-writes.ts';
import { resolveNightlyDay } from './nightly-day.ts';

const NIGHTLY_COUNTS = { anyOf: ['nightly_counts'], to: 'do nightly counts' } as const satisfies AccessRule;

// Square is not connected in Parstock yet: the screen says so and shows no on-hand figures rather than
// inventing them.
const SQUARE_NOT_CONNECTED = { connected: false } as const;

/**
 * Nightly Counts per location and business date (the location's own calendar day). `now` is the app's
 * clock, fixed in tests so "today" does not depend on when they run.
 */
export function nightlyCountsModule({ db, auth }: AppDeps, now: () => Date = () => new Date()) {
  return new Elysia()
    .use(auth)
    .get(
      '/api/nightly-counts',
      async ({ query, user }): Promise<NightlyCountResponse> => {
        const { locationId, date } = parseInput(nightlyCountQuerySchema, query);
        await assertLocationInScope(db, user, locationId);
        const day = await resolveNightlyDay(db, { locationId, date, now: now() });
        const nightlyCount = await findNightlyCount(db, locationId, day.businessDate);
        const items = await listNightlyCountItems(db, locationId, nightlyCount?.id ?? null);
        return {
          locationId,
          businessDate: day.businessDate,
          today: day.today,
          timezone: day.timezone,
          editable: day.access === 'editable',
          nightlyCount,
          square: SQUARE_NOT_CONNECTED,
          items,
        };
      },
      { auth: NIGHTLY_COUNTS },
    )
    .post(
      '/api/nightly-counts/items',
      async ({ body, user }): Promise<SaveNightlyItemsResponse> => {
        const { locationId, date, items } = parseInput(saveNightlyItemsBodySchema, body);
        await assertLocationInScope(db, user, locationId);
        const day = await resolveNightlyDay(db, { locationId, date, now: now() });
        return saveNightlyItemBatch(db, user.id, { locationId, day, items });
      },
      { auth: NIGHTLY_COUNTS },
    )
    .post(
      '/api/nightly-counts/complete',
      async ({ body, user }): Promise<CompleteNightlyCountResponse> => {
        const { locationId, date } = parseInput(completeNightlyCountBodySchema, body);
        await assertLocationInScope(db, user, locationId);
        const day = await resolveNightlyDay(db, { locationId, date, now: now() });
        return completeNightlyCount(db, user.id, { locationId, day });
      },
      { auth: NIGHTLY_COUNTS },
    );
}
