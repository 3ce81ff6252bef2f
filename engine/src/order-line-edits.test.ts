import { describe, expect, test } from 'bun:test';
import { applyOrderLineEdits } from './order-line-edits.ts';

const LINES = [
  { productId: 1, productName: 'Oat Milk', quantity: 4 },
  { productId: 2, productName: 'Cups 12oz', quantity: 10 },
];

describe('applyOrderLineEdits', () => {
  test('changes quantities and describes each change', () => {
    expect(applyOrderLineEdits(LINES, [{ productId: 1, quantity: 6 }])).toEqual({
      ok: true,
      lines: [
        { productId: 1, productName: 'Oat Milk', quantity: 6 },
        { productId: 2, productName: 'Cups 12oz', quantity: 10 },
      ],
      changes: ['Oat Milk 4 → 6'],
    });
  });

  test('0 removes a line', () => {
    const result = applyOrderLineEdits(LINES, [{ productId: 2, quantity: 0 }]);
    expect(result).toEqual({
      ok: true,
      lines: [{ productId: 1, productName: 'Oat Milk', quantity: 4 }],
      changes: ['Cups 12oz removed'],
    });
  });

  test('an unchanged quantity is not a change', () => {
    expect(applyOrderLineEdits(LINES, [{ productId: 1, quantity: 4 }])).toMatchObject({
      ok: true,
      changes: [],
    });
  });

  test('the last edit of a product wins', () => {
    expect(
      applyOrderLineEdits(LINES, [
        { productId: 1, quantity: 9 },
        { productId: 1, quantity: 5 },
      ]),
    ).toMatchObject({ ok: true, changes: ['Oat Milk 4 → 5'] });
  });

  test('a product that is not on the order is refused', () => {
    expect(applyOrderLineEdits(LINES, [{ productId: 3, quantity: 1 }])).toEqual({
      ok: false,
      reason: 'Product 3 is not on this order; only quantities of its lines can be changed.',
    });
  });

  test('removing every line is refused: that is a cancellation', () => {
    expect(
      applyOrderLineEdits(LINES, [
        { productId: 1, quantity: 0 },
        { productId: 2, quantity: 0 },
      ]),
    ).toEqual({ ok: false, reason: 'An order needs at least one line. Cancel the order instead.' });
  });
});
