import type { Db } from '@db/client.ts';
import { type AuditEntry, recordAudits } from '@db/repositories/audit-log.ts';
import { findLocationOpening } from '@db/repositories/locations.ts';
import { listChecklistTasks, lockTaskTicks, writeTaskTick } from '@db/repositories/task-ticks.ts';
import type { Actor } from '@engine/actor.ts';
import { businessDateIn } from '@engine/business-date.ts';
import { checklistEntry, endOfBusinessDate } from '@engine/cafe-checklist.ts';
import { wasOpenOn } from '@engine/cafe-open-days.ts';
import { AppError } from '@engine/errors/app-error.ts';
import type { SaveTaskTicksResponse, TaskTick } from '@engine/ops-tracker-schemas.ts';
import { OPS_LATE_DAYS, roleSeesTask, type TickTiming, tickTiming } from '@engine/task-due.ts';

function refusal(timing: Exclude<TickTiming, 'on_time' | 'late'>, date: string, today: string): AppError {
  if (timing === 'future') {
    return AppError.validation(`${date} has not begun yet at this café (today is ${today}).`, [
      { path: 'date', message: `date must be ${today} or earlier` },
    ]);
  }
  if (timing === 'day_turned') {
    return new AppError(
      'ops_day_closed',
      `${date} ended at midnight at this café, after the list was opened: today is ${today}. Tick it on today's list; a manager completes ${date} late by choosing that day.`,
      { details: { businessDate: date, today } },
    );
  }
  const message =
    timing === 'closed'
      ? `The checklist of ${date} can no longer be changed: tasks can be completed late for ${OPS_LATE_DAYS} days.`
      : `Only a manager can complete the tasks of an earlier day; today at this café is ${today}.`;
  return new AppError('ops_day_closed', message, { details: { businessDate: date, today } });
}

/**
 * Stores a batch of ticks and unticks of one café's day, all or nothing. Per task the state typed last
 * wins: a tick typed offline at 09:00 that arrives at 11:00 does not undo an untick typed at 10:00.
 * Today's checklist is anyone's on it, and so is an earlier day's tick typed before that day ended (a phone
 * that was offline at closing); a tick typed later is a manager's late completion, within the last week, unless it
 * was typed on the list shown as today (decision 126).
 */
export async function saveTaskTicks(
  db: Db,
  actor: Actor,
  input: { locationId: number; date: string; now: Date; ticks: readonly TaskTick[] },
): Promise<SaveTaskTicksResponse> {
  const cafe = await findLocationOpening(db, input.locationId);
  if (cafe === null) throw new Error(`Location ${input.locationId} vanished after its scope check`);
  const { timezone } = cafe;
  const today = businessDateIn(input.now, timezone);
  const dayEnd = endOfBusinessDate(input.date, timezone);
  // A phone's clock may run ahead: a tick it dates later than now would win over every later change of the
  // task (last typed wins), so it counts as typed now, as counts and PARs do.
  const ticks = input.ticks.map((tick) =>
    Date.parse(tick.typedAt) > input.now.getTime() ? { ...tick, typedAt: input.now.toISOString() } : tick,
  );
  const timingOf = new Map<number, TickTiming>();
  for (const tick of ticks) {
    const timing = tickTiming({
      date: input.date,
      today,
      role: actor.role,
      typedAt: new Date(tick.typedAt),
      dayEnd,
      asToday: tick.asToday,
    });
    if (timing !== 'on_time' && timing !== 'late') throw refusal(timing, input.date, today);
    timingOf.set(tick.taskId, timing);
  }

  const tasks = new Map((await listChecklistTasks(db)).map((task) => [task.id, task]));
  const open = wasOpenOn(cafe, input.date);

  return db.transaction(async (tx) => {
    const taskIds = ticks.map((tick) => tick.taskId);
    const before = await lockTaskTicks(tx, {
      locationId: input.locationId,
      businessDate: input.date,
      taskIds,
    });
    // What the day's checklist shows is what may be ticked: a task ticked that day stays on it, so a tick made
    // before the task was deactivated or its schedule moved can still be undone. Checked under the ticks' lock,
    // nothing written yet.
    const notOnChecklist = ticks.filter((tick) => {
      const task = tasks.get(tick.taskId);
      const ticked = before.get(tick.taskId)?.done === true;
      const entry = task
        ? checklistEntry(task, { date: input.date, timeZone: timezone, open, ticked })
        : null;
      return entry === null || !roleSeesTask(entry.schedule.role, actor.role);
    });
    if (notOnChecklist.length > 0) {
      const ids = notOnChecklist.map((tick) => tick.taskId);
      throw new AppError(
        'task_not_due',
        `Task ${ids.join(', ')} is not on the checklist of ${input.date} for you.`,
        {
          details: { taskIds: ids, businessDate: input.date },
        },
      );
    }
    const applied: number[] = [];
    const superseded: number[] = [];
    const audits: AuditEntry[] = [];
    for (const tick of ticks) {
      const stored = before.get(tick.taskId);
      const same = stored !== undefined && stored.done === tick.done && stored.note === tick.note;
      if (stored?.typedAt) {
        const storedAt = Date.parse(stored.typedAt);
        const typedAt = Date.parse(tick.typedAt);
        // Not typed after the stored state, so not newer: it changes nothing. The same state typed at the same
        // moment is this tick again (a retry), which is stored; another state of that moment came second.
        if (typedAt < storedAt || (typedAt === storedAt && !same)) {
          superseded.push(tick.taskId);
          continue;
        }
        if (typedAt === storedAt) {
          applied.push(tick.taskId);
          continue;
        }
      }
      await writeTaskTick(tx, {
        locationId: input.locationId,
        businessDate: input.date,
        taskId: tick.taskId,
        done: tick.done,
        note: tick.note,
        late: timingOf.get(tick.taskId) === 'late',
        typedAt: tick.typedAt,
        actorId: actor.id,
        at: input.now,
      });
      applied.push(tick.taskId);
      // A tick typed later in the state already stored only moves its typedAt: nothing to audit.
      if (same) continue;
      audits.push({
        actorId: actor.id,
        // A note written on a task left open is neither a tick nor an untick.
        action: tick.done ? 'task.tick' : stored?.done ? 'task.untick' : 'task.note',
        entity: 'task_completion',
        entityId: `${tick.taskId}:${input.date}`,
        locationId: input.locationId,
        before: stored ? { done: stored.done, note: stored.note, late: stored.late } : null,
        after: {
          done: tick.done,
          note: tick.note,
          late: timingOf.get(tick.taskId) === 'late',
          businessDate: input.date,
        },
      });
    }
    await recordAudits(tx, audits);
    const after = await lockTaskTicks(tx, {
      locationId: input.locationId,
      businessDate: input.date,
      taskIds,
    });
    return {
      locationId: input.locationId,
      businessDate: input.date,
      applied,
      superseded,
      tasks: taskIds.flatMap((taskId) => {
        const row = after.get(taskId);
        if (!row) return [];
        const { businessDate: _date, ...state } = row;
        return [state];
      }),
    };
  });
}
