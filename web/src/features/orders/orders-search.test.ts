import { describe, expect, test } from 'bun:test';
import { parseOrdersSearch } from './orders-search.ts';

describe('parseOrdersSearch', () => {
  test('keeps a positive whole order id, from a number or text', () => {
    expect(parseOrdersSearch({ order: 16 })).toEqual({ order: 16 });
    expect(parseOrdersSearch({ order: '16' })).toEqual({ order: 16 });
  });

  test('anything else opens no order', () => {
    for (const order of [undefined, 0, -3, 1.5, 'abc', '', null]) {
      expect(parseOrdersSearch({ order })).toEqual({});
    }
  });
});
