import { describe, expect, test } from 'bun:test';
import { cartChangedMessage, cartChanges } from './cart-changed.ts';

const stored = (productId: number, quantity: number) => ({
  productId,
  quantity,
  productName: `P${productId}`,
});

describe('cartChanges', () => {
  test('the same lines in any order are no change', () => {
    expect(
      cartChanges(
        [
          { productId: 2, quantity: 1 },
          { productId: 1, quantity: 4 },
        ],
        [stored(1, 4), stored(2, 1)],
      ),
    ).toEqual([]);
  });

  test('a changed quantity, a line added and one removed elsewhere are each named', () => {
    const changes = cartChanges(
      [
        { productId: 1, quantity: 1 },
        { productId: 3, quantity: 2 },
      ],
      [stored(1, 10), stored(2, 4)],
      (id) => `Gone ${id}`,
    );
    expect(changes).toEqual([
      { productName: 'P1', shown: 1, now: 10 },
      { productName: 'P2', shown: null, now: 4 },
      { productName: 'Gone 3', shown: 2, now: null },
    ]);
    expect(cartChangedMessage(changes)).toBe(
      'The shopping list changed on another device: P1 is 10 (1 on this screen); P2 was added (4); Gone 3 was removed. Nothing was ordered; check the list, then submit again.',
    );
  });

  test('past three changes the rest are counted', () => {
    const changes = cartChanges([], [stored(1, 1), stored(2, 1), stored(3, 1), stored(4, 1), stored(5, 1)]);
    expect(cartChangedMessage(changes)).toContain('P3 was added (1) and 2 more.');
  });

  test('a price changed since the screen showed it is named with both prices; a screen that sent none is not asked', () => {
    const priced = (productId: number, quantity: number, unitCost: number) => ({
      ...stored(productId, quantity),
      unitCost,
    });
    const changes = cartChanges(
      [
        { productId: 1, quantity: 4, unitCost: 65 },
        { productId: 2, quantity: 1, unitCost: 3.5 },
        { productId: 3, quantity: 2 },
      ],
      [priced(1, 4, 70), priced(2, 1, 3.5), priced(3, 2, 9)],
    );
    expect(changes).toEqual([{ productName: 'P1', shown: 4, now: 4, price: { shown: 65, now: 70 } }]);
    expect(cartChangedMessage(changes)).toBe(
      'Prices changed since this screen showed them: P1 costs $70.00 ($65.00 on this screen). Nothing was ordered; check the list, then submit again.',
    );
    // With a quantity changed too, the list changed elsewhere; the price is named beside it.
    const both = cartChanges(
      [
        { productId: 1, quantity: 4, unitCost: 65 },
        { productId: 2, quantity: 1, unitCost: 3.5 },
      ],
      [priced(1, 4, 70), priced(2, 3, 3.5)],
    );
    expect(cartChangedMessage(both)).toBe(
      'The shopping list changed on another device: P1 costs $70.00 ($65.00 on this screen); P2 is 3 (1 on this screen). Nothing was ordered; check the list, then submit again.',
    );
  });
});
