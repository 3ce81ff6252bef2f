import { describe, expect, test } from 'bun:test';
import { replaceTypedMessage, typedQuantityCount } from './typed-quantities.ts';

const line = (productId: number, quantity: number, suggestedQuantity: number | null) => ({
  productId,
  quantity,
  suggestedQuantity,
});

describe('typedQuantityCount', () => {
  test('lines added by hand and suggestions changed by hand are typing; untouched suggestions are not', () => {
    expect(typedQuantityCount([line(1, 4, null), line(2, 5, 3), line(3, 6, 6)], [])).toBe(2);
  });

  test('quantities typed but not saved yet count once, also for a line already counted', () => {
    expect(typedQuantityCount([line(1, 4, null), line(3, 6, 6)], [1, 3, 9])).toBe(3);
  });

  test('an empty list with nothing typed has nothing to lose', () => {
    expect(typedQuantityCount([], [])).toBe(0);
  });
});

describe('replaceTypedMessage', () => {
  test('names how many typed quantities would be replaced', () => {
    expect(replaceTypedMessage(1)).toBe(
      'Suggest Orders fills the list from PAR minus the count. 1 quantity you typed will be replaced by the suggestions.',
    );
    expect(replaceTypedMessage(3)).toContain('3 quantities you typed will be replaced');
  });
});
