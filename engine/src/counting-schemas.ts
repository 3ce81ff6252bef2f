import { z } from 'zod';
import { lifecycleSchema, locationIdSchema, stockStatusSchema } from './api-schemas.ts';
import { calendarDate, timestamp } from './input/calendar.ts';
import { quarterQuantityProblem } from './input/quantity.ts';
import { bodyId } from './input/record-id.ts';
import { refuseDuplicateProducts } from './input/unique-products.ts';
import { MAX_PAR } from './par-import-rows.ts';

/**
 * Shapes of the counting writes: PARs and per-location product settings, count sessions and their items,
 * nightly counts. The BFF parses requests and builds responses with these; the web sends and reads them.
 */

/**
 * Counts go up in quarters (a quarter case, half a bag) up to a sane maximum; PARs too, up to MAX_PAR, the
 * same limit the PAR import applies.
 */
export const MAX_COUNT = 100_000;
/** One request carries at most this many items; a client with more sends several batches. */
export const MAX_BATCH_ITEMS = 500;

const id = z.number().int().positive();
const isoDateTime = z.string();
const personSchema = z.object({ id, name: z.string() });

/** Why a PAR or count cannot be stored, finishing a sentence that names the value; null when it can. */
export function quantityProblem(value: number, max: number = MAX_COUNT): string | null {
  return quarterQuantityProblem(value, max);
}

const productIdSchema = bodyId('productId');

const sessionIdSchema = bodyId('sessionId', {
  type: (issue) => (issue.input === undefined ? 'sessionId is required' : 'sessionId must be a number'),
});

/** When the person typed the value, by the device's clock; the latest typed value of an item wins. */
export const typedAtSchema = timestamp(
  'typedAt',
  'typedAt must be a date and time such as 2025-03-01T14:05:00.000Z',
);

const NIGHTLY_DATE_MESSAGE = 'date must be a calendar day such as 2025-03-01';

/** A business date: a calendar day in the location's time zone. */
export const nightlyDateSchema = calendarDate('date', {
  format: NIGHTLY_DATE_MESSAGE,
  notADay: NIGHTLY_DATE_MESSAGE,
});

const batch = <T extends z.ZodType>(item: T, what: string) =>
  z
    .array(item, { error: `${what} must be a list` })
    .min(1, `Send at least one ${what === 'items' ? 'item' : 'product'}`)
    .max(MAX_BATCH_ITEMS, `Send at most ${MAX_BATCH_ITEMS} ${what} at a time`);

// ---------------------------------------------------------------------------------------------------------
// PARs, lifecycle, stock status, locks
// ---------------------------------------------------------------------------------------------------------

/** One product's changes at one location; fields left out stay as they are. */
export const parChangeSchema = z
  .strictObject({
    productId: productIdSchema,
    par: z.number({ error: 'par must be a number' }).optional(),
    lifecycle: z
      .enum(lifecycleSchema.options, {
        error: `lifecycle must be one of ${lifecycleSchema.options.join(', ')}`,
      })
      .optional(),
    stockStatus: z
      .enum(stockStatusSchema.options, {
        error: `stockStatus must be one of ${stockStatusSchema.options.join(', ')}`,
      })
      .optional(),
    backordered: z.boolean({ error: 'backordered must be true or false' }).optional(),
    /** When the person made the change; a field keeps a value typed later than this (decision 062). */
    typedAt: typedAtSchema.optional(),
  })
  .superRefine((change, ctx) => {
    if (change.par !== undefined) {
      const problem = quantityProblem(change.par, MAX_PAR);
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          path: ['par'],
          message: `The PAR of product ${change.productId} ${problem}`,
        });
      }
    }
    const { productId: _, typedAt: _typedAt, ...fields } = change;
    if (Object.values(fields).every((value) => value === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: `Product ${change.productId} has nothing to change: send par, lifecycle, stockStatus or backordered`,
      });
    }
  });
export type ParChange = z.infer<typeof parChangeSchema>;

/** PATCH /api/pars: a batch of changes at one location, all applied or none. */
export const updateParsBodySchema = z.object({
  locationId: locationIdSchema,
  items: batch(parChangeSchema, 'items').superRefine((items, ctx) =>
    refuseDuplicateProducts(
      items.map((item) => item.productId),
      ctx,
    ),
  ),
});
export type UpdateParsBody = z.input<typeof updateParsBodySchema>;

/** A product's settings at one location after a write. */
export const parStateSchema = z.object({
  productId: id,
  productName: z.string(),
  par: z.number(),
  parLocked: z.boolean(),
  parLockedBy: personSchema.nullable(),
  parLockedAt: isoDateTime.nullable(),
  lifecycle: lifecycleSchema,
  stockStatus: stockStatusSchema,
  backordered: z.boolean(),
  updatedAt: isoDateTime,
  updatedBy: personSchema.nullable(),
});
export type ParState = z.infer<typeof parStateSchema>;

export const parsResponseSchema = z.object({ locationId: id, items: z.array(parStateSchema) });
export type ParsResponse = z.infer<typeof parsResponseSchema>;

/** `details` of the 409 refusing a batch that would change locked PARs. */
export const lockedParsDetailsSchema = z.object({
  lockedProducts: z.array(
    z.object({
      productId: id,
      productName: z.string(),
      /** Who locked it and when, so the refusal can say "Locked by Dana Reyes at 14:02". */
      lockedBy: personSchema.nullable(),
      lockedAt: isoDateTime.nullable(),
    }),
  ),
  /** The café's IANA zone: "at 14:02" is told on the café's clock, as the lock's own label is (decision 007). */
  timezone: z.string(),
});

// ---------------------------------------------------------------------------------------------------------
// Count sessions and their items
// ---------------------------------------------------------------------------------------------------------

/** One item as a device typed it: the whole state of the row (count and checkbox) at `typedAt`. */
export const countEditSchema = z
  .strictObject({
    productId: productIdSchema,
    count: z.number({ error: 'count must be a number or null' }).nullable(),
    confirmed: z.boolean({ error: 'confirmed must be true or false' }),
    typedAt: typedAtSchema,
  })
  .superRefine((edit, ctx) => {
    if (edit.count === null) return;
    const problem = quantityProblem(edit.count);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        path: ['count'],
        message: `The count of product ${edit.productId} ${problem}`,
      });
    }
  });
export type CountEdit = z.infer<typeof countEditSchema>;

export const countSessionSchema = z.object({
  id,
  startedAt: isoDateTime,
  startedBy: z.string().nullable(),
  /** When "Clear all counts" last emptied this session; edits typed before it are superseded. */
  clearedAt: isoDateTime.nullable(),
});
export type CountSession = z.infer<typeof countSessionSchema>;

/** The stored state of one item of a count session. */
export const countItemStateSchema = z.object({
  productId: id,
  count: z.number().nullable(),
  confirmed: z.boolean(),
  editedAfterConfirm: z.boolean(),
  /** The typedAt of the stored value; null when nothing was typed (or only cleared). */
  typedAt: isoDateTime.nullable(),
  countedAt: isoDateTime.nullable(),
  countedBy: z.string().nullable(),
});
export type CountItemStateResponse = z.infer<typeof countItemStateSchema>;

/** POST /api/count-sessions/start */
export const startCountBodySchema = z.object({
  locationId: locationIdSchema,
  /**
   * The count the screen showed when Start Count was pressed. When the café's open count is another one by then
   * (someone started a new count meanwhile, or this press is a repeat), nothing is closed: 409
   * `count_session_changed`, so a second manager's press does not wipe what the first's staff have typed since.
   */
  replacing: bodyId('replacing').nullable().optional(),
});
export const startCountResponseSchema = z.object({
  locationId: id,
  countSession: countSessionSchema,
  /** The session this one replaced, if one was open. */
  closedSessionId: id.nullable(),
  /** The completion that stopped being the location's active one, if there was one. */
  deactivatedCompletionId: id.nullable(),
});
export type StartCountResponse = z.infer<typeof startCountResponseSchema>;

/** POST /api/count-sessions/clear; `sessionId`, when sent, must still be the open session. */
export const clearCountBodySchema = z.object({
  locationId: locationIdSchema,
  sessionId: sessionIdSchema.optional(),
});
export const clearCountResponseSchema = z.object({
  locationId: id,
  countSession: countSessionSchema.nullable(),
  itemsCleared: z.number().int().nonnegative(),
});
export type ClearCountResponse = z.infer<typeof clearCountResponseSchema>;

/**
 * POST /api/count-sessions/items. `sessionId` is the session the items were typed against (from
 * GET /api/inventory or an earlier save), or null when the location had none: the first save opens one.
 * The same product may appear more than once; its latest typed edit is the one that counts.
 */
export const saveCountItemsBodySchema = z.object({
  locationId: locationIdSchema,
  sessionId: sessionIdSchema.nullable(),
  items: batch(countEditSchema, 'items'),
});
export type SaveCountItemsBody = z.input<typeof saveCountItemsBodySchema>;

export const saveCountItemsResponseSchema = z.object({
  locationId: id,
  countSession: countSessionSchema,
  /** Products whose edit was stored. */
  applied: z.array(id),
  /** Products whose edit was older than the stored value (or than the last clear) and was not stored. */
  superseded: z.array(id),
  /** The stored state of every product in the request, after the write. */
  items: z.array(countItemStateSchema),
});
export type SaveCountItemsResponse = z.infer<typeof saveCountItemsResponseSchema>;

/** POST /api/count-sessions/confirm: the given products, or every counted item when productIds is absent. */
export const confirmCountItemsBodySchema = z.object({
  locationId: locationIdSchema,
  sessionId: sessionIdSchema,
  productIds: batch(productIdSchema, 'productIds').superRefine(refuseDuplicateProducts).optional(),
});
export const confirmCountItemsResponseSchema = z.object({
  locationId: id,
  sessionId: id,
  /** Products confirmed by this call; items without a count, or already confirmed, are left out. */
  confirmed: z.array(id),
  items: z.array(countItemStateSchema),
});
export type ConfirmCountItemsBody = z.input<typeof confirmCountItemsBodySchema>;
export type ConfirmCountItemsResponse = z.infer<typeof confirmCountItemsResponseSchema>;

/** `details` of the 409 `count_session_changed`. */
export const countSessionChangedDetailsSchema = z.object({
  sentSessionId: id.nullable(),
  openSessionId: id.nullable(),
});

// ---------------------------------------------------------------------------------------------------------
// Nightly counts
// ---------------------------------------------------------------------------------------------------------

/** GET /api/nightly-counts?locationId=&date= (date defaults to today in the location's time zone). */
export const nightlyCountQuerySchema = z.object({
  locationId: locationIdSchema,
  date: nightlyDateSchema.optional(),
});

export const nightlyCountItemSchema = z.object({
  productId: id,
  productName: z.string(),
  unit: z.string(),
  count: z.number().nullable(),
  confirmed: z.boolean(),
  typedAt: isoDateTime.nullable(),
  countedAt: isoDateTime.nullable(),
  countedBy: z.string().nullable(),
  /** Square's on-hand figure; null while Square is not connected (never invented). */
  squareQuantity: z.number().nullable(),
});
export type NightlyCountItem = z.infer<typeof nightlyCountItemSchema>;

export const nightlyCountHeaderSchema = z.object({
  id,
  createdAt: isoDateTime,
  createdBy: personSchema.nullable(),
  completedAt: isoDateTime.nullable(),
  completedBy: personSchema.nullable(),
});
export type NightlyCountHeader = z.infer<typeof nightlyCountHeaderSchema>;

export const nightlyCountResponseSchema = z.object({
  locationId: id,
  businessDate: z.string(),
  /** Today in the location's time zone, so the client never guesses from the device's zone. */
  today: z.string(),
  timezone: z.string(),
  /** False for days older than the editing window: they can be read, not changed. */
  editable: z.boolean(),
  /** Null until the first item of that day is saved. */
  nightlyCount: nightlyCountHeaderSchema.nullable(),
  square: z.object({ connected: z.boolean() }),
  items: z.array(nightlyCountItemSchema),
});
export type NightlyCountResponse = z.infer<typeof nightlyCountResponseSchema>;

/** POST /api/nightly-counts/items */
export const saveNightlyItemsBodySchema = z.object({
  locationId: locationIdSchema,
  date: nightlyDateSchema.optional(),
  items: batch(countEditSchema, 'items'),
});
export type SaveNightlyItemsBody = z.input<typeof saveNightlyItemsBodySchema>;

export const saveNightlyItemsResponseSchema = z.object({
  locationId: id,
  businessDate: z.string(),
  nightlyCount: nightlyCountHeaderSchema,
  applied: z.array(id),
  superseded: z.array(id),
  items: z.array(nightlyCountItemSchema),
});
export type SaveNightlyItemsResponse = z.infer<typeof saveNightlyItemsResponseSchema>;

/** POST /api/nightly-counts/complete */
export const completeNightlyCountBodySchema = z.object({
  locationId: locationIdSchema,
  date: nightlyDateSchema.optional(),
});
export const completeNightlyCountResponseSchema = z.object({
  locationId: id,
  businessDate: z.string(),
  nightlyCount: nightlyCountHeaderSchema,
  itemsCounted: z.number().int().nonnegative(),
});
export type CompleteNightlyCountResponse = z.infer<typeof completeNightlyCountResponseSchema>;
