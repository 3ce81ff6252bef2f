import {
  cafeOpsQuerySchema,
  cafeOpsResponseSchema,
  opsTrackerQuerySchema,
  opsTrackerResponseSchema,
  saveTaskTicksBodySchema,
  saveTaskTicksResponseSchema,
} from '../ops-tracker-schemas.ts';
import { type AccessRule, defineEndpoint } from './endpoint.ts';

// The trackers' tabs: the Cafe Ops Tracker is for whoever counts at the café, the district grid for those
// who approve its orders (the default tab permissions of migration 0002).
const CAFE_OPS = { anyOf: ['count_inventory'], to: 'use the Cafe Ops Tracker' } as const satisfies AccessRule;
const DISTRICT_OPS = {
  anyOf: ['approve_orders'],
  to: 'use the District Ops Tracker',
} as const satisfies AccessRule;

/** Cafe Ops Tracker (a café's checklist of a day) and District Ops Tracker (every café × the day's signals). */
export const opsEndpoints = {
  getCafeOps: defineEndpoint({
    method: 'GET',
    path: '/api/cafe-ops',
    summary:
      "A café's checklist of one business date (today in its time zone by default): the tasks due for the caller's role and the built-in routine.",
    query: cafeOpsQuerySchema,
    response: cafeOpsResponseSchema,
    errors: [],
    access: CAFE_OPS,
    scope: { kind: 'location', in: 'query', field: 'locationId' },
  }),
  saveTaskTicks: defineEndpoint({
    method: 'POST',
    path: '/api/cafe-ops/ticks',
    summary:
      "Tick or untick tasks of a café's day (a note optional); per task the last typed state wins. Earlier days: managers only, marked late.",
    body: saveTaskTicksBodySchema,
    response: saveTaskTicksResponseSchema,
    errors: ['ops_day_closed', 'task_not_due'],
    access: CAFE_OPS,
    scope: { kind: 'location', in: 'body', field: 'locationId' },
  }),
  getOpsTracker: defineEndpoint({
    method: 'GET',
    path: '/api/ops-tracker',
    summary:
      "Every café of the caller's scope with the day's signals (counts, nightly count, tasks, approvals, orders, PARs), red/amber/green.",
    query: opsTrackerQuerySchema,
    response: opsTrackerResponseSchema,
    errors: [],
    access: DISTRICT_OPS,
    scope: { kind: 'filtered' },
  }),
};
