import type { AppDeps } from '@bff/app-deps.ts';
import { findNightlyCount, listNightlyCountItems } from '@db/repositories/nightly-counts.ts';
import { completeNightlyCount } from '@db/use-cases/complete-nightly-count.ts';
import { resolveNightlyDay } from '@db/use-cases/nightly-day.ts';
import { saveNightlyItemBatch } from '@db/use-cases/save-nightly-count-items.ts';
import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';

/**
 * Nightly Counts per location and business date (the location's own calendar day). `now` is the app's
 * clock, fixed in tests so "today" does not depend on when they run.
 */
export function nightlyCountsModule({ db, routes, square }: AppDeps, now: () => Date = () => new Date()) {
  return routes()
    .on(countingEndpoints.getNightlyCount, async ({ query }) => {
      const { locationId, date } = query;
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
        // Square's figures come from their own read (GET /api/square/on-hand), so a slow Square never holds
        // up the count.
        square: { connected: square.connection.mode !== 'not_configured' },
        items,
      };
    })
    .on(countingEndpoints.saveNightlyItems, ({ body, user }) =>
      saveNightlyItemBatch(db, user, { ...body, now: now() }),
    )
    .on(countingEndpoints.completeNightlyCount, ({ body, user }) =>
      completeNightlyCount(db, user, { ...body, now: now() }),
    ).app;
}
