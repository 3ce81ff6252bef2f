import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { isDeliveryStep, planReceipt, receiptSummary } from './order-receipts.ts';

const line = (productId: number, vendor: string | null, received = false) => ({
  productId,
  vendor,
  lineTotal: 1,
  received,
});
const dairy = line(1, 'Valley Fresh Dairy');
const roaster = line(2, 'Ridge Roasters');
const unnamed = line(3, null);
const LINES = [dairy, roaster, unnamed];

describe('planReceipt', () => {
  test('a placed order receives the lines asked for; the order is received with its last line', () => {
    const first = planReceipt('placed', LINES, [1]);
    expect(first).toEqual({ ok: true, receive: [dairy], completes: false });
    const rest = planReceipt('placed', [line(1, 'Valley Fresh Dairy', true), roaster, unnamed], [2, 3]);
    expect(rest).toMatchObject({ ok: true, completes: true });
  });

  test('lines received before are not received again; asking only for those receives nothing', () => {
    const lines = [line(1, 'Valley Fresh Dairy', true), roaster, unnamed];
    expect(planReceipt('placed', lines, [1, 1])).toEqual({ ok: true, receive: [], completes: false });
    expect(planReceipt('placed', lines, [1, 2])).toMatchObject({ receive: [roaster], completes: false });
  });

  test('a received order answers as a retry that landed; any other status is refused', () => {
    expect(planReceipt('received', LINES, [1])).toEqual({ ok: true, receive: [], completes: false });
    for (const status of ['submitted', 'approved', 'rejected', 'cancelled'] as const) {
      expect(planReceipt(status, LINES, [1])).toEqual({
        ok: false,
        kind: 'state',
        reason: `Only placed orders can be received; this order is ${status}.`,
      });
    }
  });

  test('a product not on the order is named, whatever the status', () => {
    expect(planReceipt('placed', LINES, [1, 9])).toEqual({
      ok: false,
      kind: 'validation',
      reason: 'Product 9 is not on this order.',
    });
    expect(planReceipt('received', LINES, [8, 9, 9])).toMatchObject({
      reason: 'Products 8, 9 are not on this order.',
    });
  });

  test('whatever deliveries come in whatever order, each line is received once and the order completes once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 6 }), {
          maxLength: 10,
        }),
        (size, deliveries) => {
          let lines = Array.from({ length: size }, (_, i) => line(i + 1, null));
          let status: 'placed' | 'received' = 'placed';
          let completions = 0;
          const received: number[] = [];
          for (const ids of deliveries.map((d) => d.filter((id) => id <= size))) {
            if (ids.length === 0) continue;
            const plan = planReceipt(status, lines, ids);
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
  test('one vendor, no vendor, several', () => {
    expect(receiptSummary([line(1, 'Valley Fresh Dairy')])).toBe('Received 1 line from Valley Fresh Dairy');
    expect(receiptSummary([line(1, null), line(2, null)])).toBe('Received 2 lines with no vendor set');
    expect(
      receiptSummary([
        line(1, 'Ridge Roasters'),
        line(2, null),
        line(3, 'valley fresh dairy'),
        line(4, 'Ridge Roasters'),
      ]),
    ).toBe('Received 4 lines: Ridge Roasters (2), valley fresh dairy (1), no vendor set (1)');
  });
});

test('a delivery step leaves a placed order placed; an edit of a submitted one is not one', () => {
  expect(isDeliveryStep('placed', 'placed')).toBe(true);
  expect(isDeliveryStep('placed', 'received')).toBe(false);
  expect(isDeliveryStep('submitted', 'submitted')).toBe(false);
  expect(isDeliveryStep(null, 'submitted')).toBe(false);
});
