import { describe, expect, test } from 'bun:test';
import { cartItemsBodySchema, lastChangePerProduct, orderQuantitySchema } from './cart-schemas.ts';
import {
  bulkApprovalBodySchema,
  idempotencyKeySchema,
  orderIdSchema,
  orderListQuerySchema,
  orderTransitionBodySchema,
  undoReceiptBodySchema,
} from './order-schemas.ts';
import { parLockChangeBodySchema } from './par-lock-schemas.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('order quantities', () => {
  test('0 and two decimals are fine', () => {
    expect(orderQuantitySchema.parse(0)).toBe(0);
    expect(orderQuantitySchema.parse(2.25)).toBe(2.25);
    expect(orderQuantitySchema.parse(0.01)).toBe(0.01);
  });

  test('negative, too many decimals or too large are refused with a reason', () => {
    expect(firstMessage(orderQuantitySchema.safeParse(-1))).toBe('quantity cannot be negative');
    expect(firstMessage(orderQuantitySchema.safeParse(1.005))).toBe(
      'quantity can have at most 2 decimal places',
    );
    expect(firstMessage(orderQuantitySchema.safeParse(100_000))).toBe('quantity can be at most 99,999');
  });
});

describe('cart item batches', () => {
  test('null removes; the last change of a product wins', () => {
    const body = cartItemsBodySchema.parse({
      items: [
        { productId: 1, quantity: 2 },
        { productId: 2, quantity: null },
        { productId: 1, quantity: 5 },
      ],
    });
    expect(lastChangePerProduct(body.items)).toEqual([
      { productId: 1, quantity: 5 },
      { productId: 2, quantity: null },
    ]);
  });

  test('an empty batch is refused', () => {
    expect(firstMessage(cartItemsBodySchema.safeParse({ items: [] }))).toBe(
      'items must name at least one product',
    );
  });
});

describe('order requests', () => {
  test('an order id in a path is a positive whole number', () => {
    expect(orderIdSchema.parse('42')).toBe(42);
    expect(firstMessage(orderIdSchema.safeParse('4x'))).toBe('order id must be a whole number');
  });

  test('a transition needs the version the person is looking at', () => {
    expect(firstMessage(orderTransitionBodySchema.safeParse({}))).toMatch(/^expectedVersion is required/);
    expect(orderTransitionBodySchema.parse({ expectedVersion: 3, comment: '  ok ' })).toEqual({
      expectedVersion: 3,
      comment: 'ok',
    });
  });

  test('undoing a delivery names the receipt, says when it is missing and refuses unknown fields', () => {
    expect(undoReceiptBodySchema.parse({ receiptId: 968, comment: ' x ' })).toEqual({
      receiptId: 968,
      comment: 'x',
    });
    expect(firstMessage(undoReceiptBodySchema.safeParse({}))).toBe('receiptId is required');
    expect(firstMessage(undoReceiptBodySchema.safeParse({ receiptId: 'x' }))).toBe(
      'receiptId must be a number',
    );
    expect(firstMessage(undoReceiptBodySchema.safeParse({ receiptId: 968, comment: 'x', extra: 1 }))).toBe(
      'Unknown field: extra',
    );
  });

  test('an idempotency key is required and printable', () => {
    expect(firstMessage(idempotencyKeySchema.safeParse(undefined))).toMatch(
      /Idempotency-Key header is required/,
    );
    expect(firstMessage(idempotencyKeySchema.safeParse(''))).toMatch(/Idempotency-Key header is required/);
    expect(idempotencyKeySchema.parse('order-7f3a')).toBe('order-7f3a');
    expect(idempotencyKeySchema.safeParse('with space').success).toBe(false);
  });

  test('list filters: dates must be calendar days and in order', () => {
    expect(orderListQuerySchema.parse({ from: '2026-11-01', to: '2026-11-30', limit: '5' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      limit: 5,
    });
    expect(firstMessage(orderListQuerySchema.safeParse({ from: '2026-02-30' }))).toBe(
      'Not a date in the calendar',
    );
    expect(firstMessage(orderListQuerySchema.safeParse({ from: '2026-12-01', to: '2026-11-01' }))).toBe(
      "'from' must not be after 'to'",
    );
    expect(orderListQuerySchema.safeParse({ status: 'shipped' }).success).toBe(false);
  });

  test('bulk approval only approves', () => {
    expect(bulkApprovalBodySchema.safeParse({ action: 'reject', orderIds: [1] }).success).toBe(false);
    expect(firstMessage(bulkApprovalBodySchema.safeParse({ action: 'approve', orderIds: [] }))).toBe(
      'orderIds must name at least one order',
    );
  });
});

describe('par lock requests', () => {
  test('scope products needs productIds; scope category needs a category', () => {
    expect(firstMessage(parLockChangeBodySchema.safeParse({ scope: 'products', locked: true }))).toBe(
      "Name the products to change with scope 'products'",
    );
    expect(firstMessage(parLockChangeBodySchema.safeParse({ scope: 'category', locked: true }))).toBe(
      "Name the category to change with scope 'category'",
    );
    expect(parLockChangeBodySchema.safeParse({ scope: 'all', locked: false }).success).toBe(true);
  });
});
