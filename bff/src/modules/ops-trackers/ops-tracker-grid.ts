import type { Db } from '@db/client.ts';
import { listLocationsInScope } from '@db/repositories/locations.ts';
import { readOpsTrackerFacts } from '@db/repositories/ops-tracker.ts';
import { businessDateIn } from '@engine/business-date.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { opsSignals } from '@engine/ops-signals.ts';
import type { OpsTrackerResponse } from '@engine/ops-tracker-schemas.ts';
import { dueInstant, isOverdue } from '@engine/task-due.ts';

/** The District Ops Tracker's grid: one SQL read for every café, coloured by the engine's rules. */
export async function readOpsTrackerGrid(
  db: Db,
  input: { userId: number; role: string; date: string | null; now: Date },
): Promise<OpsTrackerResponse> {
  // Each café's day begins at its own midnight; a date begun nowhere yet has nothing to show. The cafés' time
  // zones are read first, so such a date is refused before the grid's statement runs.
  const { date } = input;
  if (date !== null) {
    const latestToday = (await listLocationsInScope(db, input))
      .map((cafe) => businessDateIn(input.now, cafe.timezone))
      .sort()
      .at(-1);
    if (latestToday !== undefined && latestToday < date) {
      throw AppError.validation(`${date} has not begun yet at any of your cafés (today is ${latestToday}).`, [
        { path: 'date', message: `date must be ${latestToday} or earlier` },
      ]);
    }
  }
  const facts = await readOpsTrackerFacts(db, input);
  // Cafés share time zones and tasks share due times: each instant is worked out once per answer.
  const dueAt = new Map<string, Date>();
  const dueInstantOf = (date: string, time: string, zone: string) => {
    const key = `${date} ${time} ${zone}`;
    let instant = dueAt.get(key);
    if (!instant) {
      instant = dueInstant(date, time, zone);
      dueAt.set(key, instant);
    }
    return instant;
  };
  return {
    date: input.date,
    generatedAt: input.now.toISOString(),
    rows: facts.map(({ tasks: dayTasks, ...cafe }) => {
      const asOf = new Date(cafe.asOf);
      const tasks = {
        total: dayTasks.length,
        done: dayTasks.filter((task) => task.done).length,
        overdue: dayTasks.filter((task) =>
          isOverdue({
            dueAt: dueInstantOf(cafe.businessDate, task.dueTime, cafe.location.timezone),
            done: task.done,
            now: asOf,
          }),
        ).length,
        late: dayTasks.filter((task) => task.late).length,
      };
      return { ...cafe, tasks, signals: opsSignals({ ...cafe, tasks }) };
    }),
  };
}
