import type { Db } from '@db/client.ts';
import type { TaskTickState } from '@engine/ops-tracker-schemas.ts';
import type { EarlierSchedule, TaskHistory } from '@engine/task-due.ts';
import { lastCountProducts, lastCountProductsSql } from './last-count-products-sql.ts';
import { goingAheadAtSql } from './order-going-ahead-sql.ts';
import { personNameSql } from './person-name.ts';
import { inactiveSpellsSql, parseInactiveSpells } from './spells-sql.ts';
import { toIsoString, toIsoStringOrNull } from './timestamps.ts';

/**
 * A task as a checklist needs it, with its history: an inactive task still shows on the days it fell due before its
 * deactivation, and on the days someone ticked it (decision 116); a task made active again is off the days it was
 * inactive (decision 117); an edited one keeps its earlier schedules' days (decision 118).
 */
export interface ChecklistTaskRow extends TaskHistory {
  id: number;
  title: string;
}

type RawChecklistTask = Omit<ChecklistTaskRow, 'createdAt' | 'inactiveSpells' | 'earlierSchedules'> & {
  createdAt: unknown;
  inactiveSpells: string;
  earlierSchedules: string;
};

export async function listChecklistTasks(db: Db): Promise<ChecklistTaskRow[]> {
  const rows = await db.query<RawChecklistTask>(
    `SELECT t.id, t.title, t.cadence, t.weekday, to_char(t.due_time, 'HH24:MI') AS "dueTime",
            t.role_key AS role, t.active, t.created_at AS "createdAt",
            ${inactiveSpellsSql('t')} AS "inactiveSpells", t.earlier_schedules::text AS "earlierSchedules"
       FROM tasks t ORDER BY t.due_time, t.title, t.id`,
  );
  return rows.map((row) => ({
    ...row,
    createdAt: toIsoString(row.createdAt),
    inactiveSpells: parseInactiveSpells(row.inactiveSpells),
    earlierSchedules: JSON.parse(row.earlierSchedules) as EarlierSchedule[],
  }));
}

export interface TaskTickRow extends TaskTickState {
  businessDate: string;
}

interface RawTick {
  taskId: number;
  businessDate: string;
  done: boolean;
  completedAt: unknown;
  completedById: number | null;
  completedByName: string | null;
  note: string | null;
  late: boolean;
  typedAt: unknown;
}

const SELECT_TICKS = `SELECT c.task_id AS "taskId", c.business_date AS "businessDate", c.done,
         c.completed_at AS "completedAt", c.completed_by AS "completedById",
         ${personNameSql('u')} AS "completedByName", c.note, c.late, c.typed_at AS "typedAt"
    FROM task_completions c LEFT JOIN users u ON u.id = c.completed_by`;

function toTick(row: RawTick): TaskTickRow {
  return {
    taskId: row.taskId,
    businessDate: row.businessDate,
    done: row.done,
    // An unticked task keeps its row for last-typed-wins; it was not completed by anyone.
    completedAt: row.done ? toIsoStringOrNull(row.completedAt) : null,
    completedBy:
      row.done && row.completedById !== null
        ? { id: row.completedById, name: row.completedByName ?? '' }
        : null,
    note: row.note,
    late: row.done && row.late,
    typedAt: toIsoStringOrNull(row.typedAt),
  };
}

/** A café's ticks of the business dates from `from` to `to`, both included. */
export async function listTaskTicks(
  db: Db,
  input: { locationId: number; from: string; to: string },
): Promise<TaskTickRow[]> {
  const rows = await db.query<RawTick>(
    `${SELECT_TICKS} WHERE c.location_id = $1 AND c.business_date BETWEEN $2::date AND $3::date`,
    [input.locationId, input.from, input.to],
  );
  return rows.map(toTick);
}

/**
 * The day's rows of these tasks, locked until the transaction ends so two saves of a task take turns. The
 * café's row is locked first: a task nobody ticked that day has no row to lock yet, and two saves of it must
 * take turns too, or each would find nothing stored and both would write (and audit) the same tick.
 */
export async function lockTaskTicks(
  tx: Db,
  input: { locationId: number; businessDate: string; taskIds: readonly number[] },
): Promise<Map<number, TaskTickRow>> {
  await tx.query('SELECT 1 FROM locations WHERE id = $1 FOR NO KEY UPDATE', [input.locationId]);
  const rows = await tx.query<RawTick>(
    `${SELECT_TICKS} WHERE c.location_id = $1 AND c.business_date = $2::date AND c.task_id = ANY($3::int[])
      FOR UPDATE OF c`,
    [input.locationId, input.businessDate, [...input.taskIds]],
  );
  return new Map(rows.map((row) => [row.taskId, toTick(row)]));
}

/**
 * Stores one task's state of a day. Ticking a task already done keeps who did it and when (only the note
 * changes); ticking it again after an untick records the new completion.
 */
export async function writeTaskTick(
  tx: Db,
  input: {
    locationId: number;
    businessDate: string;
    taskId: number;
    done: boolean;
    note: string | null;
    late: boolean;
    typedAt: string;
    actorId: number;
    /** The app's clock: the completion belongs to the business date it judged. */
    at: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO task_completions (task_id, location_id, business_date, done, note, late, typed_at,
                                   completed_by, completed_at, updated_by, updated_at)
     VALUES ($1, $2, $3::date, $4, $5, $6, $7::timestamptz, $8, $9::timestamptz, $8, $9::timestamptz)
     ON CONFLICT (task_id, location_id, business_date) DO UPDATE SET
       done = EXCLUDED.done,
       note = EXCLUDED.note,
       typed_at = EXCLUDED.typed_at,
       updated_by = EXCLUDED.updated_by,
       updated_at = EXCLUDED.updated_at,
       late = CASE WHEN task_completions.done AND EXCLUDED.done THEN task_completions.late ELSE EXCLUDED.late END,
       completed_by = CASE WHEN task_completions.done AND EXCLUDED.done
                           THEN task_completions.completed_by ELSE EXCLUDED.completed_by END,
       completed_at = CASE WHEN task_completions.done AND EXCLUDED.done
                           THEN task_completions.completed_at ELSE EXCLUDED.completed_at END`,
    [
      input.taskId,
      input.locationId,
      input.businessDate,
      input.done,
      input.note,
      input.late,
      input.typedAt,
      input.actorId,
      input.at.toISOString(),
    ],
  );
}

export interface CafeRoutineFacts {
  lastCountAt: string | null;
  /** How many products the last count gave a number to, of those the café lists to count now. */
  lastCountProducts: { counted: number; listed: number } | null;
  lastOrderAt: string | null;
  nightlyCompletedAt: string | null;
}

/**
 * The built-in routine's facts at `asOf`: last count, last order. The day's nightly count is read whenever it was
 * completed: it belongs to its business date, and one completed after the day ended is done late, not missed.
 */
export async function readCafeRoutine(
  db: Db,
  input: { locationId: number; businessDate: string; asOf: Date },
): Promise<CafeRoutineFacts> {
  const [row] = await db.query<{
    lastCountAt: unknown;
    lastCountItems: number | null;
    productsListed: number | string | null;
    lastOrderAt: unknown;
    nightlyCompletedAt: unknown;
  }>(
    `SELECT lc.completed_at AS "lastCountAt", lc.items_counted AS "lastCountItems", lc.listed AS "productsListed",
            (SELECT max(o.created_at) FROM orders o
              WHERE o.location_id = $1 AND o.created_at < $3::timestamptz
                AND ${goingAheadAtSql('o', '$3::timestamptz')}) AS "lastOrderAt",
            (SELECT n.completed_at FROM nightly_counts n
              WHERE n.location_id = $1 AND n.business_date = $2::date) AS "nightlyCompletedAt"
       FROM (${lastCountProductsSql('$1', '$3::timestamptz')}) lc`,
    [input.locationId, input.businessDate, input.asOf.toISOString()],
  );
  return {
    lastCountAt: toIsoStringOrNull(row?.lastCountAt),
    lastCountProducts: lastCountProducts(row?.lastCountItems, row?.productsListed),
    lastOrderAt: toIsoStringOrNull(row?.lastOrderAt),
    nightlyCompletedAt: toIsoStringOrNull(row?.nightlyCompletedAt),
  };
}
