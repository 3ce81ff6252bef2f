import type { Db } from '@db/client.ts';
import { findLocationOpening } from '@db/repositories/locations.ts';
import { listChecklistTasks, listTaskTicks, readCafeRoutine } from '@db/repositories/task-ticks.ts';
import { businessDateIn } from '@engine/business-date.ts';
import { asOfFor, checklistFor, recentDays } from '@engine/cafe-checklist.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { isPartialCount } from '@engine/ops-signals.ts';
import type { CafeOpsResponse } from '@engine/ops-tracker-schemas.ts';
import type { RoleKey } from '@engine/permissions.ts';
import { addDaysTo, OPS_LATE_DAYS, opsDayAccess, weekStartOf } from '@engine/task-due.ts';
import { zonedInstant } from '@engine/zoned-clock.ts';

/** A café's checklist of one business date for someone of `role`, with the built-in routine and the last week. */
export async function readCafeChecklist(
  db: Db,
  input: { locationId: number; date?: string; role: RoleKey; now: Date },
): Promise<CafeOpsResponse> {
  const cafe = await findLocationOpening(db, input.locationId);
  if (cafe === null) throw new Error(`Location ${input.locationId} vanished after its scope check`);
  const { timezone, openedOn, closedSpells } = cafe;
  const today = businessDateIn(input.now, timezone);
  const businessDate = input.date ?? today;
  const access = opsDayAccess(businessDate, today, input.role);
  if (access === 'future') {
    throw AppError.validation(`${businessDate} has not begun yet at this café (today is ${today}).`, [
      { path: 'date', message: `date must be ${today} or earlier` },
    ]);
  }
  const asOf = asOfFor(businessDate, timezone, input.now);
  const oldest = addDaysTo(today, -OPS_LATE_DAYS);
  // An earlier day opened by date, beyond the week the day strip shows, is read too.
  const [from = oldest] = [businessDate, oldest].sort();
  const [tasks, ticks, routine] = await Promise.all([
    listChecklistTasks(db),
    listTaskTicks(db, { locationId: input.locationId, from, to: today }),
    readCafeRoutine(db, { locationId: input.locationId, businessDate, asOf }),
  ]);
  const weekStart = weekStartOf(businessDate);
  const weekStartAt = zonedInstant(weekStart, 0, timezone).getTime();
  const { lastCountAt, lastOrderAt } = routine;
  const countedSinceOrder =
    lastCountAt !== null && (lastOrderAt === null || Date.parse(lastCountAt) > Date.parse(lastOrderAt));
  const orderedThisWeek = lastOrderAt !== null && Date.parse(lastOrderAt) >= weekStartAt;
  return {
    locationId: input.locationId,
    timezone,
    today,
    businessDate,
    asOf: asOf.toISOString(),
    access,
    tasks: checklistFor({
      tasks,
      ticks,
      date: businessDate,
      role: input.role,
      timeZone: timezone,
      openedOn,
      closedSpells,
      asOf,
    }),
    routine: {
      // As the district grid judges it: a count that left most products out is not the count the routine asks for.
      countSinceLastOrder: {
        done: countedSinceOrder && !isPartialCount(routine.lastCountProducts),
        at: lastCountAt,
        lastOrderAt,
        products: routine.lastCountProducts,
      },
      nightlyCount: { done: routine.nightlyCompletedAt !== null, at: routine.nightlyCompletedAt },
      orderThisWeek: { done: orderedThisWeek, at: orderedThisWeek ? lastOrderAt : null, weekStart },
    },
    days: recentDays({
      tasks,
      ticks,
      today,
      daysBack: OPS_LATE_DAYS,
      role: input.role,
      timeZone: timezone,
      openedOn,
      closedSpells,
      now: input.now,
    }),
  };
}
