import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { type DeliveredLine, orderStepKind, planReceipt, receiptSummary } from './order-receipts.ts';
import type { OrderEventKind } from './order-schemas.ts';
import type { OrderStatus } from './order-state-machine.ts';

const line = (productId: number, vendor: string | null, received = false, quantity = 2) => ({
  productId,
  productName: `Product ${productId}`,
  vendor,
  quantity,
  lineTotal: 1,
  received,
  receivedQuantity: received ? quantity : null,
});
const dairy = line(1, 'Valley Fresh Dairy');
const roaster = line(2, 'Ridge Roasters');
const unnamed = line(3, null);
const LINES = [dairy, roaster, unnamed];
const asked = (...ids: number[]): DeliveredLine[] => ids.map((productId) => ({ productId }));

describe('planReceipt', () => {
  test('a placed order receives the lines asked for, as ordered; the order is received with its last line', () => {
    const first = planReceipt('placed', LINES, asked(1));
    expect(first).toEqual({ ok: true, receive: [{ ...dairy, receivedQuantity: 2 }], completes: false });
    const rest = planReceipt('placed', [line(1, 'Valley Fresh Dairy', true), roaster, unnamed], asked(2, 3));
    expect(rest).toMatchObject({ ok: true, completes: true });
  });

  test('what came is taken as given: short, none, or more than ordered', () => {
    const plan = planReceipt('placed', LINES, [
      { productId: 1, quantity: 1.5 },
      { productId: 2, quantity: 0 },
      { productId: 3, quantity: 5 },
    ]);
    expect(plan.ok && plan.receive.map((l) => l.receivedQuantity)).toEqual([1.5, 0, 5]);
  });

  test('lines received before are not received again; asking only for those receives nothing', () => {
    const lines = [line(1, 'Valley Fresh Dairy', true), roaster, unnamed];
    expect(planReceipt('placed', lines, [{ productId: 1, quantity: 9 }])).toEqual({
      ok: true,
      receive: [],
      completes: false,
    });
    expect(planReceipt('placed', lines, asked(1, 2))).toMatchObject({
      receive: [{ ...roaster, receivedQuantity: 2 }],
      completes: false,
    });
  });

  test('a received order answers as a retry that landed; any other status is refused', () => {
    expect(planReceipt('received', LINES, asked(1))).toEqual({ ok: true, receive: [], completes: false });
    for (const status of ['submitted', 'approved', 'rejected', 'cancelled'] as const) {
      expect(planReceipt(status, LINES, asked(1))).toEqual({
        ok: false,
        kind: 'state',
        reason: `Only placed orders can be received; this order is ${status}.`,
      });
    }
  });

  test('a product not on the order, or listed twice, is named, whatever the status', () => {
    expect(planReceipt('placed', LINES, asked(1, 9))).toEqual({
      ok: false,
      kind: 'validation',
      reason: 'Product 9 is not on this order.',
    });
    expect(planReceipt('received', LINES, asked(8, 9, 9))).toMatchObject({
      reason: 'Products 8, 9 are not on this order.',
    });
    expect(planReceipt('placed', LINES, [{ productId: 1 }, { productId: 1, quantity: 1 }])).toMatchObject({
      reason: 'Product 1 is listed twice; list each line once.',
    });
  });

  test('whatever deliveries come in whatever order, each line is received once and the order completes once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 6 }), {
          maxLength: 10,
        }),
        (size, deliveries) => {
          let lines = Array.from({ length: size }, (_, i) => line(i + 1, null));
          let status: 'placed' | 'received' = 'placed';
          let completions = 0;
          const received: number[] = [];
          for (const ids of deliveries.map((d) => d.filter((id) => id <= size))) {
            if (ids.length === 0) continue;
            const plan = planReceipt(status, lines, asked(...ids));
            if (!plan.ok) throw new Error(plan.reason);
            received.push(...plan.receive.map((l) => l.productId));
            lines = lines.map((l) => (ids.includes(l.productId) ? { ...l, received: true } : l));
            if (plan.completes) {
              completions += 1;
              status = 'received';
            }
          }
          expect(new Set(received).size).toBe(received.length);
          expect(completions).toBe(lines.every((l) => l.received) ? 1 : 0);
        },
      ),
    );
  });
});

describe('receiptSummary', () => {
  const came = (l: ReturnType<typeof line>, receivedQuantity = l.quantity) => ({ ...l, receivedQuantity });

  test('one vendor, no vendor, several', () => {
    expect(receiptSummary([came(dairy)])).toBe('Received 1 line from Valley Fresh Dairy');
    expect(receiptSummary([came(line(1, null)), came(line(2, null))])).toBe(
      'Received 2 lines with no vendor set',
    );
    expect(
      receiptSummary([
        came(line(1, 'Ridge Roasters')),
        came(line(2, null)),
        came(line(3, 'valley fresh dairy')),
        came(line(4, 'Ridge Roasters')),
      ]),
    ).toBe('Received 4 lines: Ridge Roasters (2), valley fresh dairy (1), no vendor set (1)');
  });

  test('the lines that came otherwise than ordered are named with what came', () => {
    expect(
      receiptSummary([
        came(dairy, 1.5),
        came(line(4, 'Valley Fresh Dairy'), 0),
        came(line(5, 'Valley Fresh Dairy')),
      ]),
    ).toBe(
      'Received 3 lines from Valley Fresh Dairy; not as ordered: Product 1 1.5 of 2, Product 4 none of 2',
    );
  });
});

test('a step is told by its statuses, a correction of what came by its kind', () => {
  const step = (from: OrderStatus | null, to: OrderStatus, kind: OrderEventKind = 'step') =>
    orderStepKind({ from, to, kind });
  expect(step(null, 'submitted')).toBe('submitted');
  expect(step('submitted', 'submitted')).toBe('quantities_changed');
  expect(step('placed', 'placed')).toBe('delivery_received');
  expect(step('placed', 'received')).toBe('status_changed');
  expect(step('submitted', 'approved')).toBe('status_changed');
  expect(step('placed', 'placed', 'receipt_correction')).toBe('receipt_corrected');
  expect(step('received', 'received', 'receipt_correction')).toBe('receipt_corrected');
});
