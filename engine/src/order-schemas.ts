import { z } from 'zod';
import { strictBody } from './admin-body.ts';
import { locationIdSchema } from './api-schemas.ts';
import { noteSchema, orderQuantitySchema, personRefSchema } from './cart-schemas.ts';
import { blankAsAbsent } from './input/blank-as-absent.ts';
import { calendarDate } from './input/calendar.ts';
import { pageCursor } from './input/page-cursor.ts';
import { MAX_INTEGER } from './input/quantity.ts';
import { bodyId, textId } from './input/record-id.ts';
import { text } from './input/text.ts';
import { refuseDuplicateProducts } from './input/unique-products.ts';
import { orderReviewFlagSchema } from './order-review-flags.ts';
import { orderStatusSchema } from './order-state-machine.ts';

/** Requests and responses of the Orders, Order Management and Approvals API (product.md "Order"). */

const id = z.number().int().positive();
const isoDateTime = z.string();

/** Path ids arrive as text; a bad one is a 400 naming the field, never a 500. */
export function wholeIdSchema(name: string) {
  return textId(name);
}

export const orderIdSchema = wholeIdSchema('order id');

export const orderIdParamsSchema = z.object({ id: orderIdSchema });

export const commentSchema = text('comment', {
  max: 1000,
  multiline: true,
  messages: { type: 'comment must be text', tooLong: 'A comment can be at most 1000 characters' },
});

export const expectedVersionSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined
        ? 'expectedVersion is required: send the version of the order you are looking at'
        : 'expectedVersion must be a number: the version of the order you are looking at',
  })
  .int('expectedVersion must be a whole number')
  .positive('expectedVersion must be a positive number')
  .max(MAX_INTEGER, 'expectedVersion is too large');

/**
 * The client's key for one submit attempt (header `Idempotency-Key`); a retry or a double click sends the
 * same key and gets the same order.
 */
export const idempotencyKeySchema = z
  .string({
    error: 'The Idempotency-Key header is required: send one unique key per order, reused on retries.',
  })
  .trim()
  .min(1, 'The Idempotency-Key header is required: send one unique key per order, reused on retries.')
  .max(200, 'The Idempotency-Key header can be at most 200 characters')
  .regex(/^[\x21-\x7e]+$/, 'The Idempotency-Key header must be printable ASCII without spaces');

/** Header names arrive lower-case. */
export const submitOrderHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema });

/** The order's café; its IANA `timezone` tells the order's times on the café's clock (decision 007). */
export const orderLocationSchema = z.object({ id, name: z.string(), code: z.string(), timezone: z.string() });

export const orderLineSchema = z.object({
  productId: id,
  productName: z.string(),
  category: z.string(),
  subcategory: z.string().nullable(),
  unit: z.string(),
  /** The product's SKU and vendor as they are now (not as submitted): what the order is placed with today. */
  sku: z.string().nullable(),
  vendor: z.string().nullable(),
  quantity: z.number(),
  /** The product's cost when the order was submitted; later price changes do not rewrite old orders. */
  unitCost: z.number(),
  lineTotal: z.number(),
  /** When its delivery was received (null: not yet); a placed order is received vendor by vendor. */
  receivedAt: isoDateTime.nullable(),
  /** What came in that delivery (null: not yet received); short or extra when it differs from `quantity`. */
  receivedQuantity: z.number().nullable(),
  /** The history step that received the line (null: not yet): what an undo of that delivery names. */
  receiptId: id.nullable(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * `step`: told by its statuses. `receipt_correction`: what came in deliveries received before was corrected; the
 * status stays (decision 093). `receipt_undone`: a delivery received by mistake was undone, its lines are to come
 * again (decision 097).
 */
export const orderEventKindSchema = z.enum(['step', 'receipt_correction', 'receipt_undone']);
export type OrderEventKind = z.infer<typeof orderEventKindSchema>;

export const orderEventSchema = z.object({
  id,
  /**
   * null for the submission itself. Equal to `toStatus` when quantities were edited (submitted), a delivery was
   * received and more is to come (placed), or a receipt was corrected (see `kind`).
   */
  fromStatus: orderStatusSchema.nullable(),
  toStatus: orderStatusSchema,
  kind: orderEventKindSchema,
  actor: personRefSchema.nullable(),
  comment: z.string(),
  at: isoDateTime,
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderSummarySchema = z.object({
  id,
  number: z.string(),
  location: orderLocationSchema,
  status: orderStatusSchema,
  note: z.string(),
  createdAt: isoDateTime,
  createdBy: personRefSchema.nullable(),
  updatedAt: isoDateTime,
  /** Send it back as `expectedVersion`; it changes with every transition and edit. */
  version: z.number().int(),
  lineCount: z.number().int(),
  /** Lines whose delivery has been received: some but not all while a placed order arrives vendor by vendor. */
  receivedLineCount: z.number().int(),
  /** Received lines where what came is not what was ordered (short, none, or extra): what a vendor's credit is about. */
  notAsOrderedLineCount: z.number().int(),
  total: z.number(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  lines: z.array(orderLineSchema),
  events: z.array(orderEventSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** A price as the server sent it to the screen, echoed back; only compared, never stored. */
const shownUnitCostSchema = z
  .number({ error: 'unitCost must be a number' })
  .min(0, 'unitCost cannot be negative')
  .max(1e10, 'unitCost is larger than any price');

export const submitOrderBodySchema = strictBody({
  locationId: locationIdSchema,
  /** Replaces the cart's note when given. */
  note: noteSchema.optional(),
  /**
   * The lines the submitting screen shows. When given, a list that differs (edited on another device since) is
   * not ordered: 409 `cart_changed` names the differences (engine/src/cart-changed.ts). A line's `unitCost`, when
   * sent, is the price the screen showed: a price changed since is a difference too, as the order would cost
   * another total than the one on the screen.
   */
  expectedLines: z
    .array(
      strictBody({
        productId: bodyId('productId'),
        quantity: orderQuantitySchema,
        unitCost: shownUnitCostSchema.optional(),
      }),
      { error: 'expectedLines must be a list of { productId, quantity, unitCost }' },
    )
    .max(2000, 'expectedLines may hold at most 2000 lines')
    .optional(),
});
export type SubmitOrderBody = z.infer<typeof submitOrderBodySchema>;

export const submitOrderResponseSchema = z.object({
  order: orderDetailSchema,
  /**
   * Requirements §2: the client sets triggerStartNewCount so the next count starts clean. True when the order
   * started the café's next count: it followed a completed count (decision 119). False when it was made by hand
   * while a count was under way, which it left to be finished.
   */
  startNewCount: z.boolean(),
});
export type SubmitOrderResponse = z.infer<typeof submitOrderResponseSchema>;

export const orderTransitionBodySchema = strictBody({
  comment: commentSchema.optional(),
  expectedVersion: expectedVersionSchema,
});
export type OrderTransitionBody = z.infer<typeof orderTransitionBodySchema>;

export const orderLinesEditBodySchema = strictBody({
  expectedVersion: expectedVersionSchema,
  lines: z
    .array(strictBody({ productId: bodyId('productId'), quantity: orderQuantitySchema }), {
      error: 'lines must be a list of { productId, quantity }',
    })
    .min(1, 'lines must name at least one product')
    .max(2000, 'At most 2000 lines can be changed at once')
    .superRefine((lines, ctx) =>
      refuseDuplicateProducts(
        lines.map((line) => line.productId),
        ctx,
      ),
    ),
  comment: commentSchema.optional(),
});
export type OrderLinesEditBody = z.infer<typeof orderLinesEditBodySchema>;

/**
 * One delivery of a placed order (usually one vendor's lines). No version: receiving is the same whoever else
 * received another delivery meanwhile, and a retry of a receipt that landed receives nothing twice.
 */
export const receiveOrderLinesBodySchema = strictBody({
  lines: z
    .array(
      strictBody({
        productId: bodyId('productId'),
        /** What came, when it is not what was ordered (0: none came); left out, the line came as ordered. */
        quantity: orderQuantitySchema.optional(),
      }),
      { error: 'lines must be a list of { productId, quantity? }: the products delivered' },
    )
    .min(1, 'lines must name at least one product')
    .max(2000, 'At most 2000 lines can be received at once'),
  comment: commentSchema.optional(),
});
export type ReceiveOrderLinesBody = z.infer<typeof receiveOrderLinesBodySchema>;

/**
 * What really came on lines received before (decision 093): each line's quantity replaces the one recorded. No
 * version: a quantity is a fact about the delivery, the same whoever sends it, so a retry changes nothing more.
 */
export const correctReceiptBodySchema = strictBody({
  lines: z
    .array(strictBody({ productId: bodyId('productId'), quantity: orderQuantitySchema }), {
      error: 'lines must be a list of { productId, quantity }: what really came on each line',
    })
    .min(1, 'lines must name at least one product')
    .max(2000, 'At most 2000 lines can be corrected at once'),
  comment: commentSchema.optional(),
});
export type CorrectReceiptBody = z.infer<typeof correctReceiptBodySchema>;

/**
 * A delivery received by mistake, undone (decision 097): the step that received it, named by its id (a line's
 * `receiptId`), so a retry after the real delivery came cannot undo that one.
 */
export const undoReceiptBodySchema = strictBody({
  receiptId: bodyId('receiptId', {
    type: (issue) => (issue.input === undefined ? 'receiptId is required' : 'receiptId must be a number'),
  }),
  comment: commentSchema.optional(),
});
export type UndoReceiptBody = z.infer<typeof undoReceiptBodySchema>;

const filterDateSchema = calendarDate('date', {
  format: 'Dates must look like 2026-11-21',
  notADay: 'Not a date in the calendar',
  outOfRange: 'Dates must be between 1970 and 9999',
});

export const DEFAULT_ORDER_LIST_LIMIT = 200;

const listLimitSchema = z
  .union([z.number(), z.string().regex(/^\d+$/, 'limit must be a whole number')], {
    error: 'limit must be a whole number',
  })
  .transform(Number)
  .pipe(
    z
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(1000, 'limit can be at most 1000'),
  );

/** Filters of the Orders list and its CSV export; `from` and `to` are days in each location's time zone. */
export const orderListQuerySchema = z
  .object({
    status: blankAsAbsent(orderStatusSchema),
    locationId: blankAsAbsent(locationIdSchema),
    from: blankAsAbsent(filterDateSchema),
    to: blankAsAbsent(filterDateSchema),
    /** 'true': only orders with a received line that came otherwise than ordered (short, none or extra). */
    notAsOrdered: blankAsAbsent(
      z
        .enum(['true', 'false'], { error: "notAsOrdered must be 'true' or 'false'" })
        .transform((v) => v === 'true'),
    ),
    limit: blankAsAbsent(listLimitSchema),
    /**
     * The `nextCursor` of the page before: the orders after it (older), by (created_at, id). Opaque; a cursor this
     * server did not make, or one naming an order outside the user's cafés, is a 400 (decision 127).
     */
    cursor: blankAsAbsent(pageCursor()),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "'from' must not be after 'to'",
    path: ['from'],
  });
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const EXPORT_CURSOR_MESSAGE =
  'The export holds every order the filters match: it takes no cursor. Leave cursor out.';

/**
 * The CSV export's query: the list's filters, and no cursor. A cursor would say "the orders after this one", which
 * the export never answers, so it is refused rather than ignored (decision 127). `limit` is read and not applied,
 * as before: the export is every matching order.
 */
export const orderExportQuerySchema = orderListQuerySchema.refine((query) => query.cursor === undefined, {
  message: EXPORT_CURSOR_MESSAGE,
  path: ['cursor'],
});

export const orderListResponseSchema = z.object({
  orders: z.array(orderSummarySchema),
  /** Over every order the filters match, not only the ones returned (nor only those after the cursor). */
  count: z.number().int(),
  /** What the matching orders cost, leaving out cancelled and rejected ones: nobody pays for those. */
  total: z.number(),
  /** What the matching cancelled and rejected orders came to, shown apart from the total. */
  unspentTotal: z.number(),
  /** More orders match after the ones returned (newest first): `nextCursor` asks for them. */
  hasMore: z.boolean(),
  /** Pass as `cursor` for the next (older) page; null when `hasMore` is false. */
  nextCursor: z.string().nullable(),
});
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

export const approvalLineSchema = orderLineSchema.extend({
  previousQuantity: z.number().nullable(),
  flags: z.array(orderReviewFlagSchema),
});
export type ApprovalLine = z.infer<typeof approvalLineSchema>;

export const approvalOrderSchema = orderSummarySchema.extend({
  lines: z.array(approvalLineSchema),
  flaggedLineCount: z.number().int(),
});
export type ApprovalOrder = z.infer<typeof approvalOrderSchema>;

export const approvalsQuerySchema = z.object({ locationId: blankAsAbsent(locationIdSchema) });

export const approvalsResponseSchema = z.object({ orders: z.array(approvalOrderSchema) });
export type ApprovalsResponse = z.infer<typeof approvalsResponseSchema>;

/** What waits for an approver across their cafés, for the home screen: counted, not listed. */
export const approvalsSummarySchema = z.object({
  waiting: z.number().int(),
  /** How many of the approver's cafés have an order waiting. */
  cafes: z.number().int(),
  total: z.number(),
  /** When the order that has waited longest was submitted; null when nothing waits. */
  oldestSubmittedAt: isoDateTime.nullable(),
});
export type ApprovalsSummary = z.infer<typeof approvalsSummarySchema>;

/** How many orders one bulk approval may name; the web sends a longer selection in parts of this size. */
export const BULK_APPROVAL_MAX = 100;

export const bulkApprovalBodySchema = strictBody({
  action: z.literal('approve', { error: "action must be 'approve'" }),
  orderIds: z
    .array(bodyId('order id'), { error: 'orderIds must be a list of order ids' })
    .min(1, 'orderIds must name at least one order')
    .max(BULK_APPROVAL_MAX, `At most ${BULK_APPROVAL_MAX} orders can be approved at once`),
  /** Order id → the version the approver reviewed; an order changed since then is not approved. */
  expectedVersions: z
    .record(z.string().regex(/^\d+$/), expectedVersionSchema, {
      error: (issue) =>
        issue.code === 'invalid_key'
          ? 'expectedVersions keys must be order ids'
          : 'expectedVersions must be an object of order id → version',
    })
    .optional(),
  comment: commentSchema.optional(),
}).superRefine((body, ctx) => {
  // A version for an order not being approved is a mistyped id: the order meant would go unchecked.
  const approving = new Set(body.orderIds.map(String));
  const strays = Object.keys(body.expectedVersions ?? {}).filter((key) => !approving.has(key));
  if (strays.length > 0)
    ctx.addIssue({
      code: 'custom',
      path: ['expectedVersions'],
      message: `expectedVersions names ${strays.length === 1 ? 'order' : 'orders'} ${strays.join(', ')}, not in orderIds`,
    });
});
export type BulkApprovalBody = z.infer<typeof bulkApprovalBodySchema>;

export const bulkApprovalResultSchema = z.discriminatedUnion('ok', [
  z.object({ orderId: id, ok: z.literal(true), order: orderSummarySchema }),
  z.object({
    orderId: id,
    ok: z.literal(false),
    /** The status the single-order call would have answered (403, 404, 409). */
    status: z.number().int(),
    code: z.string(),
    message: z.string(),
  }),
]);
export type BulkApprovalResult = z.infer<typeof bulkApprovalResultSchema>;

export const bulkApprovalResponseSchema = z.object({
  results: z.array(bulkApprovalResultSchema),
  approved: z.number().int(),
  failed: z.number().int(),
});
export type BulkApprovalResponse = z.infer<typeof bulkApprovalResponseSchema>;
