import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { isDeliveryStep, planReceiptUndo, undoSummary } from './order-receipt-undo.ts';
import { orderStepKind } from './order-receipts.ts';

const line = (productId: number, receiptId: number | null, vendor: string | null = 'Valley Fresh Dairy') => ({
  productId,
  productName: `Product ${productId}`,
  vendor,
  quantity: 2,
  lineTotal: 1,
  received: receiptId !== null,
  receivedQuantity: receiptId === null ? null : 2,
  receiptId,
});
const DELIVERY = { from: 'placed', to: 'placed', kind: 'step' } as const;
const LAST_DELIVERY = { from: 'placed', to: 'received', kind: 'step' } as const;

describe('isDeliveryStep', () => {
  test('a plain step from placed received lines; corrections, undos and every other step did not', () => {
    expect(isDeliveryStep(DELIVERY)).toBe(true);
    expect(isDeliveryStep(LAST_DELIVERY)).toBe(true);
    expect(isDeliveryStep({ from: null, to: 'submitted', kind: 'step' })).toBe(false);
    expect(isDeliveryStep({ from: 'approved', to: 'placed', kind: 'step' })).toBe(false);
    expect(isDeliveryStep({ from: 'placed', to: 'placed', kind: 'receipt_correction' })).toBe(false);
    expect(isDeliveryStep({ from: 'received', to: 'placed', kind: 'receipt_undone' })).toBe(false);
    expect(isDeliveryStep({ from: 'placed', to: 'placed', kind: 'receipt_undone' })).toBe(false);
  });
});

describe('planReceiptUndo', () => {
  const lines = [line(1, 10), line(2, 10), line(3, 11), line(4, null)];

  test("the delivery's lines are to come again and the order is placed", () => {
    expect(planReceiptUndo('received', lines, 10, DELIVERY)).toEqual({
      ok: true,
      undo: [line(1, 10), line(2, 10)],
      to: 'placed',
    });
    expect(planReceiptUndo('placed', lines, 11, LAST_DELIVERY)).toMatchObject({ ok: true, to: 'placed' });
  });

  test('a delivery whose lines are gone (an undo that landed) undoes nothing and keeps the status', () => {
    expect(planReceiptUndo('received', lines, 12, DELIVERY)).toEqual({ ok: true, undo: [], to: 'received' });
  });

  test('a step that is not a delivery, or not of this order, is refused by its id', () => {
    expect(planReceiptUndo('placed', lines, 7, null)).toEqual({
      ok: false,
      reason: 'Step 7 is not a delivery of this order.',
    });
    expect(
      planReceiptUndo('placed', lines, 10, { from: 'placed', to: 'placed', kind: 'receipt_correction' }),
    ).toEqual({ ok: false, reason: 'Step 10 is not a delivery of this order.' });
  });

  test('any lines, any delivery: exactly the lines it holds are undone, and placed iff there are any', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom('placed', 'received'),
        (receipts, receiptId, status) => {
          const all = receipts.map((id, index) => line(index + 1, id));
          const plan = planReceiptUndo(status, all, receiptId, DELIVERY);
          if (!plan.ok) return false;
          const held = all.filter((one) => one.receiptId === receiptId);
          return (
            plan.undo.length === held.length &&
            plan.undo.every((one, index) => one === held[index]) &&
            plan.to === (held.length > 0 ? 'placed' : status)
          );
        },
      ),
    );
  });
});

describe('undoSummary and the step it writes', () => {
  test('names the lines as the delivery did, by vendor', () => {
    expect(undoSummary([line(1, 1)])).toBe(
      'Undid the delivery of 1 line from Valley Fresh Dairy; it is to come again',
    );
    expect(undoSummary([line(1, 1, 'Ridge Roasters'), line(2, 1, null), line(3, 1, 'Ridge Roasters')])).toBe(
      'Undid the delivery of 3 lines: Ridge Roasters (2), no vendor set (1); they are to come again',
    );
  });

  test('the step is told by its kind, whatever its statuses', () => {
    expect(orderStepKind({ from: 'received', to: 'placed', kind: 'receipt_undone' })).toBe('receipt_undone');
    expect(orderStepKind({ from: 'placed', to: 'placed', kind: 'receipt_undone' })).toBe('receipt_undone');
  });
});
