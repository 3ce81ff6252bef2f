import { describe, expect, test } from 'bun:test';
import { searchSeenByPage } from '@web-test/route-search.ts';
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

test('the page reads no order for one that is not an id, not the raw value from the address', () => {
  for (const query of ['order=abc', 'order=0', 'order=1.5', 'order=-3']) {
    expect({ query, order: searchSeenByPage(parseOrdersSearch, `/orders?${query}`).order }).toEqual({
      query,
      order: undefined,
    });
  }
  expect(searchSeenByPage(parseOrdersSearch, '/orders?order=16').order).toBe(16);
});
