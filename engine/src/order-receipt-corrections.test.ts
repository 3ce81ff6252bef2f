import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { correctionSummary, planReceiptCorrection } from './order-receipt-corrections.ts';

const line = (productId: number, receivedQuantity: number | null, quantity = 2) => ({
  productId,
  productName: `Product ${productId}`,
  vendor: 'Valley Fresh Dairy',
  quantity,
  lineTotal: 1,
  received: receivedQuantity !== null,
  receivedQuantity,
});
const short = line(1, 1);
const whole = line(2, 2);
const waiting = line(3, null);
const LINES = [short, whole, waiting];

describe('planReceiptCorrection', () => {
  test('a received line takes the quantity given, and keeps what was recorded to say so', () => {
    expect(planReceiptCorrection(LINES, [{ productId: 1, quantity: 2 }])).toEqual({
      ok: true,
      change: [{ ...short, receivedQuantity: 2, recordedQuantity: 1 }],
    });
    expect(planReceiptCorrection(LINES, [{ productId: 2, quantity: 0 }])).toEqual({
      ok: true,
      change: [{ ...whole, receivedQuantity: 0, recordedQuantity: 2 }],
    });
  });

  test('a quantity equal to the one recorded changes nothing: a retry that landed corrects nothing twice', () => {
    expect(
      planReceiptCorrection(LINES, [
        { productId: 1, quantity: 1 },
        { productId: 2, quantity: 2 },
      ]),
    ).toEqual({ ok: true, change: [] });
    expect(
      planReceiptCorrection(LINES, [
        { productId: 1, quantity: 1 },
        { productId: 2, quantity: 3 },
      ]),
    ).toMatchObject({ ok: true, change: [{ productId: 2, receivedQuantity: 3, recordedQuantity: 2 }] });
  });

  test('a line not received yet is refused by name: it is received, not corrected', () => {
    expect(planReceiptCorrection(LINES, [{ productId: 3, quantity: 1 }])).toEqual({
      ok: false,
      reason: 'Product 3 has not been received yet: receive it with what came instead.',
    });
    expect(
      planReceiptCorrection(
        [...LINES, line(4, null)],
        [
          { productId: 1, quantity: 2 },
          { productId: 3, quantity: 1 },
          { productId: 4, quantity: 1 },
        ],
      ),
    ).toEqual({
      ok: false,
      reason: 'Product 3, Product 4 have not been received yet: receive them with what came instead.',
    });
  });

  test('a product not on the order, or listed twice, is named', () => {
    expect(planReceiptCorrection(LINES, [{ productId: 9, quantity: 1 }])).toEqual({
      ok: false,
      reason: 'Product 9 is not on this order.',
    });
    expect(
      planReceiptCorrection(LINES, [
        { productId: 1, quantity: 2 },
        { productId: 1, quantity: 0 },
      ]),
    ).toEqual({ ok: false, reason: 'Product 1 is listed twice; list each line once.' });
  });

  test('whatever is asked of received lines, each changed line ends with what was asked, the rest as recorded', () => {
    const received = [short, whole, line(4, 0), line(5, 7.5)];
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ productId: fc.constantFrom(1, 2, 4, 5), quantity: fc.integer({ min: 0, max: 800 }) }),
          { selector: (asked) => asked.productId, minLength: 1 },
        ),
        (asked) => {
          const plan = planReceiptCorrection(received, asked);
          if (!plan.ok) return false;
          const after = new Map(received.map((l) => [l.productId, l.receivedQuantity]));
          for (const changed of plan.change) after.set(changed.productId, changed.receivedQuantity);
          const wanted = new Map<number, number>(asked.map((a) => [a.productId, a.quantity]));
          return (
            received.every(
              (l) => after.get(l.productId) === (wanted.get(l.productId) ?? l.receivedQuantity),
            ) && plan.change.every((c) => c.recordedQuantity !== c.receivedQuantity)
          );
        },
      ),
    );
  });
});

test('the history names each corrected line with what came and what was recorded', () => {
  expect(
    correctionSummary([
      { ...short, receivedQuantity: 2, recordedQuantity: 1 },
      { ...whole, receivedQuantity: 0, recordedQuantity: 2 },
      { ...line(4, 0), receivedQuantity: 1.5, recordedQuantity: 0 },
    ]),
  ).toBe(
    'Corrected what came: Product 1 2 of 2 (recorded as 1), Product 2 none of 2 (recorded as 2), Product 4 1.5 of 2 (recorded as none)',
  );
});
