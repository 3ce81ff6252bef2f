import { z } from 'zod';
import { strictBody } from './admin-body.ts';
import { changedKeys, expectedUpdatedAtSchema } from './changed-meanwhile.ts';
import { text } from './input/text.ts';
import { ROLE_KEYS, roleKeySchema } from './permissions.ts';

/** Recurring café tasks (admin/tasks): daily, or weekly on one weekday, due at a local time. */

export const TASK_CADENCES = ['daily', 'weekly'] as const;
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const title = text('Title', {
  required: true,
  max: 200,
  messages: {
    type: 'title is required',
    empty: 'A task title must not be empty',
    tooLong: 'A task title must be at most 200 characters',
  },
});

const cadence = z.enum(TASK_CADENCES, { error: 'The repeat (cadence) must be daily or weekly' });

/** 0 = Sunday … 6 = Saturday, as JavaScript's Date#getDay counts. */
const WEEKDAY_MESSAGE = 'The weekday must be a number from 0 (Sunday) to 6 (Saturday)';
const weekday = z
  .number({ error: WEEKDAY_MESSAGE })
  .int(WEEKDAY_MESSAGE)
  .min(0, WEEKDAY_MESSAGE)
  .max(6, WEEKDAY_MESSAGE);

/** Messages a person reads in the task form as well as an API client: they name the field as the form does. */
const dueTime = z
  .string({ error: 'The due time must be a time like 17:00' })
  .trim()
  .min(1, 'Enter a due time, like 07:30 or 17:00')
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'The due time must be a 24-hour time like 07:30 or 17:00');

/** Who does the task; null means anyone at the café. */
const role = z.enum(roleKeySchema.options, {
  error: (issue) => `Unknown role '${String(issue.input)}'. Valid roles: ${ROLE_KEYS.join(', ')}`,
});

export interface TaskSchedule {
  cadence: (typeof TASK_CADENCES)[number];
  weekday: number | null;
}

/** Why a task is refused as one that already runs: the same title, schedule and role on every checklist. */
export function sameTaskMessage(task: TaskSchedule & { title: string; dueTime: string }): string {
  const when = task.cadence === 'daily' ? 'every day' : `every ${WEEKDAY_NAMES[task.weekday ?? 0]}`;
  return `"${task.title}" is already a task ${when} at ${task.dueTime}. Edit that one instead of adding it twice.`;
}

/** A weekly task needs its weekday; a daily one has none. Null when the pair is consistent. */
export function taskScheduleProblem(schedule: TaskSchedule): string | null {
  if (schedule.cadence === 'weekly' && schedule.weekday === null)
    return 'A weekly task needs a weekday (0–6).';
  if (schedule.cadence === 'daily' && schedule.weekday !== null)
    return 'A daily task has no weekday; send null.';
  return null;
}

export const createTaskBodySchema = strictBody({
  title,
  cadence,
  weekday: weekday.nullable().default(null),
  dueTime,
  role: role.nullable().default(null),
}).superRefine((task, ctx) => {
  const problem = taskScheduleProblem(task);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['weekday'] });
});
export type CreateTaskBody = z.input<typeof createTaskBodySchema>;

/** PATCH /api/admin/tasks/:id: the schedule rule is checked against the task as it will be. */
export const updateTaskBodySchema = strictBody({
  title: title.optional(),
  cadence: cadence.optional(),
  weekday: weekday.nullable().optional(),
  dueTime: dueTime.optional(),
  role: role.nullable().optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
  expectedUpdatedAt: expectedUpdatedAtSchema,
}).refine((body) => changedKeys(body).length > 0, { error: 'Send at least one field to change.' });
export type UpdateTaskBody = z.input<typeof updateTaskBodySchema>;

export const adminTaskSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  cadence,
  weekday: z.number().int().nullable(),
  dueTime: z.string(),
  role: roleKeySchema.nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  /** When it was deactivated (decision 116); null while active, or when no date was kept. */
  retiredAt: z.string().nullable(),
  /** When an admin last edited it: an edit form sends it back as `expectedUpdatedAt` (decision 120). */
  updatedAt: z.string(),
});
export type AdminTask = z.infer<typeof adminTaskSchema>;

export type UpdateTask = z.output<typeof updateTaskBodySchema>;
type TaskFields = Omit<AdminTask, 'id' | 'createdAt' | 'retiredAt' | 'updatedAt'>;

/**
 * A task with a PATCH applied. Switching to daily drops the weekday unless one is sent; the result must
 * still satisfy the schedule rule, or the problem is returned.
 */
export function applyTaskUpdate(
  current: TaskFields,
  patch: UpdateTask,
): { ok: true; task: TaskFields } | { ok: false; problem: string } {
  const weekday =
    patch.weekday !== undefined ? patch.weekday : patch.cadence === 'daily' ? null : current.weekday;
  const task: TaskFields = {
    title: patch.title ?? current.title,
    cadence: patch.cadence ?? current.cadence,
    weekday,
    dueTime: patch.dueTime ?? current.dueTime,
    role: patch.role !== undefined ? patch.role : current.role,
    active: patch.active ?? current.active,
  };
  const problem = taskScheduleProblem(task);
  return problem ? { ok: false, problem } : { ok: true, task };
}
