import { type CafeSize, SIZE_PAR_FACTOR } from './demo-locations.ts';
import { DEMO_PRODUCTS } from './demo-products.ts';
import type { NightlyCountItemRow, NightlyCountRow, TaskCompletionRow } from './demo-rows.ts';
import type { CafeStaffing } from './demo-staffing.ts';
import { DEMO_TASKS } from './demo-tasks.ts';
import { type SeededRandom, seededRandom } from './seeded-random.ts';
import { addDays, localDate, weekdayOf, zonedInstant } from './zoned-time.ts';

export interface RoutineHistory {
  nightlyCounts: NightlyCountRow[];
  nightlyCountItems: NightlyCountItemRow[];
  taskCompletions: TaskCompletionRow[];
}

/** Days of checklists and nightly counts before today; the tasks were made before the first of them. */
export const ROUTINE_HISTORY_DAYS = 28;
const HISTORY_DAYS = ROUTINE_HISTORY_DAYS;
// Real closing shifts miss the odd nightly count and checklist item; the trackers should have something to flag.
const NIGHTLY_COUNT_DONE = 0.93;
const DAILY_TASK_DONE = 0.9;
const WEEKLY_TASK_DONE = 0.8;
// A manager catches up on some of what the closing shift missed the next morning, marked late; the odd tick
// carries a note. Drawn from a stream of their own, so the rest of the demo stays as it was.
const CATCH_UP_SEED = 0x0b5e_7a11;
const CAUGHT_UP_LATE = 0.35;
const LATE_WINDOW_DAYS = 7;
const NOTED = 0.08;
const NOTES = [
  'Done before the rush',
  'Fridge 2 read 5 °C, checked again at noon',
  'Short-staffed, finished after close',
  'Used the last descaler, added to the order',
  'Grinder 1 burrs worn, told the manager',
];

const DAILY_ITEMS = DEMO_PRODUCTS.filter((p) => p.isDailyCount);

const minutesOf = (hhmm: string) => {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
};

/** Nightly counts of the daily items after close, and the task checklist, for the last four weeks. */
export function buildRoutineHistory(now: Date, random: SeededRandom, cafes: readonly CafeStaffing[]) {
  const history: RoutineHistory = { nightlyCounts: [], nightlyCountItems: [], taskCompletions: [] };
  const catchUp = seededRandom(CATCH_UP_SEED);
  for (const cafe of cafes) {
    const { code } = cafe.location;
    const today = localDate(now, cafe.timezone);
    const closers = [...cafe.staff, ...cafe.managers];

    for (let daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo--) {
      const businessDate = addDays(today, -daysAgo);
      if (!random.chance(NIGHTLY_COUNT_DONE)) continue;
      addNightlyCount(history, random, cafe, businessDate, closers);
    }

    for (let daysAgo = HISTORY_DAYS; daysAgo >= 0; daysAgo--) {
      const businessDate = addDays(today, -daysAgo);
      for (const task of DEMO_TASKS) {
        if (task.cadence === 'weekly' && task.weekday !== weekdayOf(businessDate)) continue;
        const done = random.chance(task.cadence === 'daily' ? DAILY_TASK_DONE : WEEKLY_TASK_DONE);
        const completedAt = zonedInstant(
          businessDate,
          minutesOf(task.dueTime) - random.int(0, 120),
          cafe.timezone,
        );
        if (!done) {
          const lateAt = zonedInstant(addDays(businessDate, 1), 8 * 60 + catchUp.int(0, 120), cafe.timezone);
          const caughtUp = daysAgo >= 1 && daysAgo <= LATE_WINDOW_DAYS + 1 && catchUp.chance(CAUGHT_UP_LATE);
          if (caughtUp && lateAt.getTime() < now.getTime()) {
            history.taskCompletions.push({
              task: task.title,
              location: code,
              businessDate,
              completedBy: catchUp.pick(cafe.managers),
              completedAt: lateAt.toISOString(),
              late: true,
              note: 'Caught up the next morning',
            });
          }
          continue;
        }
        // Today only the tasks already ticked off before now exist.
        if (completedAt.getTime() >= now.getTime()) continue;
        history.taskCompletions.push({
          task: task.title,
          location: code,
          businessDate,
          completedBy: task.role === 'cafe_manager' ? random.pick(cafe.managers) : random.pick(closers),
          completedAt: completedAt.toISOString(),
          late: false,
          note: catchUp.chance(NOTED) ? catchUp.pick(NOTES) : null,
        });
      }
    }
  }
  return history;
}

/** Perishables left on the shelf at close: a small share of the morning PAR. */
export function leftoverAfterClose(basePar: number, size: CafeSize, random: SeededRandom): number {
  return Math.round(basePar * SIZE_PAR_FACTOR[size] * random.between(0.05, 0.45));
}

// Sold or wasted without being rung up: Square believes more is on the shelf than the closer counts.
const SHRINK: Record<string, Record<string, number>> = {
  'DT-02': { 'Butter Croissant': 3, 'Oat Milk Barista Edition': 1 },
  'NS-01': { 'Blueberry Muffin': 2 },
  'NS-03': { 'Greek Yogurt Parfait': 2 },
};

/**
 * Square's on-hand figure beside a nightly count: usually the count itself, now and then one off either way,
 * and steadily higher for the few products a café loses track of. Derived from the row, not from the seeded
 * random stream, so adding it changed no other demo figure.
 */
export function squareOnHand(code: string, product: string, businessDate: string, count: number): number {
  let hash = 0;
  for (const char of `${code}|${product}|${businessDate}`) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const drift = hash % 7 === 0 ? 1 : hash % 7 === 1 ? -1 : 0;
  return Math.max(0, count + drift + (SHRINK[code]?.[product] ?? 0));
}

/**
 * One closing shift's nightly count of the daily items at `businessDate`, by one of `closers`. The four-week
 * window and the older history both draw it this way, in the same order of random draws.
 */
export function addNightlyCount(
  history: Pick<RoutineHistory, 'nightlyCounts' | 'nightlyCountItems'>,
  random: SeededRandom,
  cafe: CafeStaffing,
  businessDate: string,
  closers: readonly string[],
): void {
  const { code, size } = cafe.location;
  const closer = random.pick(closers);
  const createdAt = zonedInstant(businessDate, 21 * 60 + random.int(0, 45), cafe.timezone);
  let clock = createdAt.getTime();
  for (const product of DAILY_ITEMS) {
    clock += random.int(20, 70) * 1000;
    const count = leftoverAfterClose(product.basePar, size, random);
    history.nightlyCountItems.push({
      location: code,
      businessDate,
      product: product.name,
      count,
      squareQuantity: squareOnHand(code, product.name, businessDate, count),
      updatedAt: new Date(clock).toISOString(),
      updatedBy: closer,
    });
  }
  history.nightlyCounts.push({
    location: code,
    businessDate,
    createdAt: createdAt.toISOString(),
    createdBy: closer,
    completedAt: new Date(clock + random.int(1, 4) * 60_000).toISOString(),
  });
}
