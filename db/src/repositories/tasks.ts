import type { Db } from '@db/client.ts';
import type { AdminTask } from '@engine/admin-task-schemas.ts';
import { isoMilliseconds } from './spells-sql.ts';
import { toIsoString, toIsoStringOrNull } from './timestamps.ts';

// due_time is a time of day; 'HH:MM' is how people read and type it.
const TASK_COLUMNS = `t.id, t.title, t.cadence, t.weekday, to_char(t.due_time, 'HH24:MI') AS "dueTime",
  t.role_key AS role, t.active, t.created_at AS "createdAt", t.retired_at AS "retiredAt", t.updated_at AS "updatedAt"`;

type TaskRow = Omit<AdminTask, 'createdAt' | 'retiredAt' | 'updatedAt'> & {
  createdAt: unknown;
  retiredAt: unknown;
  updatedAt: unknown;
};

const toTask = (row: TaskRow): AdminTask => ({
  ...row,
  createdAt: toIsoString(row.createdAt),
  retiredAt: toIsoStringOrNull(row.retiredAt),
  updatedAt: toIsoString(row.updatedAt),
});

export type TaskFields = Omit<AdminTask, 'id' | 'createdAt' | 'retiredAt' | 'updatedAt'>;

/** Every task, inactive ones included: active first, then by due time and title. */
export async function listTasks(db: Db): Promise<AdminTask[]> {
  const rows = await db.query<TaskRow>(
    `SELECT ${TASK_COLUMNS} FROM tasks t ORDER BY t.active DESC, t.due_time, t.title, t.id`,
  );
  return rows.map(toTask);
}

export async function findTask(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<AdminTask | null> {
  const [row] = await db.query<TaskRow>(
    `SELECT ${TASK_COLUMNS} FROM tasks t WHERE t.id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row ? toTask(row) : null;
}

/** `createdAt` is the app's clock: the task is on the checklists of the days it falls due after it. */
export async function insertTask(db: Db, task: TaskFields, createdAt: Date): Promise<AdminTask> {
  const [created] = await db.query<{ id: number }>(
    `INSERT INTO tasks (title, cadence, weekday, due_time, role_key, active, created_at)
     VALUES ($1, $2, $3::smallint, $4::time, $5, $6, $7::timestamptz) RETURNING id`,
    [task.title, task.cadence, task.weekday, task.dueTime, task.role, task.active, createdAt.toISOString()],
  );
  const found = created ? await findTask(db, created.id) : null;
  if (!found) throw new Error('A task inserted a moment ago cannot be read back');
  return found;
}

/**
 * Writes every field of a task; the caller merges a partial edit first. Tasks are deactivated, not deleted: the
 * deactivation is dated `now` (the app's clock, as `created_at`), and an active task has no such date. Each spell
 * the task was inactive is kept, from its deactivation to its reactivation (decision 117), and so is each schedule
 * it had before an edit changed its due time, cadence, weekday or role, with the instants it was in force (decision
 * 118): since the last earlier one ended, or the task's making. One replaced at the instant it began was never in
 * force, and is not kept.
 */
export async function updateTask(db: Db, id: number, task: TaskFields, now: Date): Promise<AdminTask> {
  await db.query(
    `UPDATE tasks SET title = $2, cadence = $3, weekday = $4::smallint, due_time = $5::time, role_key = $6,
                      active = $7,
                      -- A save that changes nothing leaves the stamp, as it leaves the audit log (decision 120).
                      updated_at = CASE
                        WHEN (title, cadence, weekday, due_time, role_key, active)
                             IS DISTINCT FROM ($2, $3, $4::smallint, $5::time, $6, $7) THEN now()
                        ELSE updated_at END,
                      retired_at = CASE WHEN $7 THEN NULL WHEN active THEN $8::timestamptz ELSE retired_at END,
                      earlier_schedules = CASE
                        WHEN (cadence, weekday, due_time, role_key)
                             IS NOT DISTINCT FROM ($3, $4::smallint, $5::time, $6) THEN earlier_schedules
                        ELSE (SELECT CASE WHEN since.at < $8::timestamptz
                                          THEN earlier_schedules || jsonb_build_array(jsonb_build_object(
                                                 'from', ${isoMilliseconds('since.at')},
                                                 'until', ${isoMilliseconds('$8::timestamptz')},
                                                 'cadence', cadence, 'weekday', weekday,
                                                 'dueTime', to_char(due_time, 'HH24:MI'), 'role', role_key))
                                          ELSE earlier_schedules END
                                FROM (SELECT COALESCE(max((e ->> 'until')::timestamptz), created_at) AS at
                                        FROM jsonb_array_elements(earlier_schedules) e) since)
                      END,
                      inactive_spells = CASE
                        WHEN $7 = active THEN inactive_spells
                        WHEN $7 THEN inactive_spells - tstzmultirange(tstzrange($8::timestamptz, NULL))
                        ELSE inactive_spells + tstzmultirange(tstzrange($8::timestamptz, NULL))
                      END
      WHERE id = $1`,
    [id, task.title, task.cadence, task.weekday, task.dueTime, task.role, task.active, now.toISOString()],
  );
  const found = await findTask(db, id);
  if (!found) throw new Error(`Task ${id} vanished inside its own transaction`);
  return found;
}

/**
 * An active task other than `exceptId` with the same title (any case) and the same schedule and role: the
 * same task twice on every checklist, as a double-clicked save would make. Locks the table against other
 * task writes until the transaction ends, so two such saves at once cannot both find none.
 */
export async function findSameActiveTask(
  db: Db,
  task: TaskFields,
  exceptId: number | null,
): Promise<AdminTask | null> {
  await db.query('LOCK TABLE tasks IN SHARE ROW EXCLUSIVE MODE');
  const [row] = await db.query<TaskRow>(
    `SELECT ${TASK_COLUMNS} FROM tasks t
      WHERE t.active AND lower(t.title) = lower($1) AND t.cadence = $2
        AND t.weekday IS NOT DISTINCT FROM $3::smallint AND t.due_time = $4::time
        AND t.role_key IS NOT DISTINCT FROM $5 AND t.id IS DISTINCT FROM $6::int
      LIMIT 1`,
    [task.title, task.cadence, task.weekday, task.dueTime, task.role, exceptId],
  );
  return row ? toTask(row) : null;
}
