import type { AppDeps } from '@bff/app-deps.ts';
import { saveTaskTicks } from '@db/use-cases/save-task-ticks.ts';
import { opsEndpoints } from '@engine/endpoints/ops-endpoints.ts';
import { readCafeChecklist } from './cafe-checklist.ts';
import { readOpsTrackerGrid } from './ops-tracker-grid.ts';

/**
 * The Cafe Ops Tracker (a café's checklist of a day) and the District Ops Tracker (the grid of the user's
 * cafés). `now` is the app's clock, fixed in tests so "today" does not depend on when they run.
 */
export function opsTrackersModule({ db, routes }: AppDeps, now: () => Date = () => new Date()) {
  return routes()
    .on(opsEndpoints.getCafeOps, ({ query, user }) =>
      readCafeChecklist(db, { ...query, role: user.role, now: now() }),
    )
    .on(opsEndpoints.saveTaskTicks, ({ body, user }) => saveTaskTicks(db, user, { ...body, now: now() }))
    .on(opsEndpoints.getOpsTracker, ({ query, user }) =>
      readOpsTrackerGrid(db, { userId: user.id, role: user.role, date: query.date ?? null, now: now() }),
    ).app;
}
