import { z } from 'zod';
import { locationIdSchema } from './api-schemas.ts';
import { typedAtSchema } from './counting-schemas.ts';
import { blankAsAbsent } from './input/blank-as-absent.ts';
import { calendarDate } from './input/calendar.ts';
import { bodyId } from './input/record-id.ts';
import { text } from './input/text.ts';
import { OPS_SIGNAL_KEYS } from './ops-signals.ts';
import { roleKeySchema } from './permissions.ts';

/** Shapes of the Cafe Ops Tracker (a café's checklist of a day) and the District Ops Tracker (the grid). */

const id = z.number().int().positive();
const isoDateTime = z.string();
const personSchema = z.object({ id, name: z.string() });

/** One tick carries at most this many tasks; a day's checklist is far shorter. */
export const MAX_TICKS = 100;
export const MAX_TASK_NOTE = 500;

const DATE_MESSAGE = 'date must be a calendar day such as 2026-03-01';
const opsDateSchema = calendarDate('date', { format: DATE_MESSAGE, notADay: DATE_MESSAGE });

// ---------------------------------------------------------------------------------------------------------
// Cafe Ops Tracker
// ---------------------------------------------------------------------------------------------------------

/** GET /api/cafe-ops?locationId=&date= (date defaults to today in the café's time zone). */
export const cafeOpsQuerySchema = z.object({
  locationId: locationIdSchema,
  date: opsDateSchema.optional(),
});

/** Where a task stands on the server: done or not, by whom and when, with its note. */
export const taskTickStateSchema = z.object({
  taskId: id,
  done: z.boolean(),
  completedAt: isoDateTime.nullable(),
  completedBy: personSchema.nullable(),
  note: z.string().nullable(),
  /** Ticked after its business date had ended (a manager catching up). */
  late: z.boolean(),
  /** The typedAt of the stored state; null when nobody ticked it. */
  typedAt: isoDateTime.nullable(),
});
export type TaskTickState = z.infer<typeof taskTickStateSchema>;

export const checklistTaskSchema = taskTickStateSchema.extend({
  title: z.string(),
  cadence: z.enum(['daily', 'weekly']),
  weekday: z.number().int().nullable(),
  dueTime: z.string(),
  /** The due time as an instant (the café's wall clock on that day). */
  dueAt: isoDateTime,
  role: roleKeySchema.nullable(),
  overdue: z.boolean(),
});
export type ChecklistTask = z.infer<typeof checklistTaskSchema>;

const routineItemSchema = z.object({ done: z.boolean(), at: isoDateTime.nullable() });
/** A count's coverage: products given a number, of those Count Inventory listed when it was completed. */
const lastCountProductsSchema = z.object({ counted: z.number().int(), listed: z.number().int() }).nullable();

export const cafeOpsDaySchema = z.object({
  date: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  /** The café was closed that day (decision 117): nothing was due. Absent from answers kept before it was sent. */
  closed: z.boolean().optional(),
});

export const cafeOpsResponseSchema = z.object({
  locationId: id,
  timezone: z.string(),
  /** Today in the café's time zone, so the phone never guesses from its own. */
  today: z.string(),
  businessDate: z.string(),
  /** The moment the answer describes: now for today, the day's end for an earlier day. */
  asOf: isoDateTime,
  /** 'today': tick; 'late': a manager may complete it, marked late; 'view_only': history. */
  access: z.enum(['today', 'late', 'view_only']),
  tasks: z.array(checklistTaskSchema),
  routine: z.object({
    /** An inventory count completed since the café's last order. */
    countSinceLastOrder: routineItemSchema.extend({
      lastOrderAt: isoDateTime.nullable(),
      /**
       * How many products the last count gave a number to, of those listed; not done while it is partial. Absent
       * from a checklist a device kept before the field existed (read offline): taken as unknown.
       */
      products: lastCountProductsSchema.default(null),
    }),
    nightlyCount: routineItemSchema,
    /** An order submitted since Monday of this business date's week. */
    orderThisWeek: routineItemSchema.extend({ weekStart: z.string() }),
  }),
  /** Today and the days before it that can be opened, newest first, with how much of each was done. */
  days: z.array(cafeOpsDaySchema),
});
export type CafeOpsResponse = z.infer<typeof cafeOpsResponseSchema>;

const noteSchema = text('note', { max: MAX_TASK_NOTE, multiline: true }).nullable().default(null);

/** One task as the phone last had it: ticked or not, with its note, at `typedAt`. */
export const taskTickSchema = z.object({
  taskId: bodyId('taskId'),
  done: z.boolean({ error: 'done must be true or false' }),
  note: noteSchema,
  typedAt: typedAtSchema,
  /**
   * Typed on the list of the café's today (the live view). Typed after that day ended, the tick is refused rather
   * than taken as a manager's late completion of it (decision 126).
   */
  asToday: z.boolean({ error: 'asToday must be true or false' }).optional(),
});
export type TaskTick = z.infer<typeof taskTickSchema>;

/** POST /api/cafe-ops/ticks */
export const saveTaskTicksBodySchema = z
  .object({
    locationId: locationIdSchema,
    date: opsDateSchema,
    ticks: z
      .array(taskTickSchema, { error: 'ticks must be a list' })
      .min(1, 'Send at least one tick')
      .max(MAX_TICKS, `Send at most ${MAX_TICKS} ticks at a time`),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    for (const tick of body.ticks) {
      if (seen.has(tick.taskId)) {
        ctx.addIssue({ code: 'custom', path: ['ticks'], message: `Task ${tick.taskId} is sent twice` });
        return;
      }
      seen.add(tick.taskId);
    }
  });
export type SaveTaskTicksBody = z.input<typeof saveTaskTicksBodySchema>;

export const saveTaskTicksResponseSchema = z.object({
  locationId: id,
  businessDate: z.string(),
  /** Ticks stored; `superseded`: a later-typed state was already on the server, which stays. */
  applied: z.array(id),
  superseded: z.array(id),
  tasks: z.array(taskTickStateSchema),
});
export type SaveTaskTicksResponse = z.infer<typeof saveTaskTicksResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// District Ops Tracker
// ---------------------------------------------------------------------------------------------------------

/** GET /api/ops-tracker?date= (each café's own today when no date is given, or a blank one, as the reports take it). */
export const opsTrackerQuerySchema = z.object({ date: blankAsAbsent(opsDateSchema) });

const ragSchema = z.enum(['green', 'amber', 'red']);

export const opsTrackerRowSchema = z.object({
  location: z.object({ id, name: z.string(), code: z.string(), timezone: z.string() }),
  district: z.object({ id, name: z.string() }),
  businessDate: z.string(),
  asOf: isoDateTime,
  dayOver: z.boolean(),
  lastCountAt: isoDateTime.nullable(),
  /** How many products the last count gave a number to, of those the café lists to count now. */
  lastCountProducts: lastCountProductsSchema,
  lastOrderAt: isoDateTime.nullable(),
  nightly: z.object({ startedAt: isoDateTime.nullable(), completedAt: isoDateTime.nullable() }),
  /** `late`: completed after the day had ended, not counted as done for that day. */
  tasks: z.object({
    total: z.number().int(),
    done: z.number().int(),
    overdue: z.number().int(),
    late: z.number().int(),
  }),
  approvals: z.object({ waiting: z.number().int(), oldestAt: isoDateTime.nullable() }),
  parsNotSet: z.number().int(),
  signals: z.record(z.enum(OPS_SIGNAL_KEYS), ragSchema),
});
export type OpsTrackerRow = z.infer<typeof opsTrackerRowSchema>;

export const opsTrackerResponseSchema = z.object({
  /** The date asked for, or null for each café's today. */
  date: z.string().nullable(),
  generatedAt: isoDateTime,
  rows: z.array(opsTrackerRowSchema),
});
export type OpsTrackerResponse = z.infer<typeof opsTrackerResponseSchema>;
