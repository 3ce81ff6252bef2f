import { describe, expect, test } from 'bun:test';
import { ORDER_STATUSES } from '@engine/order-state-machine.ts';
import { defaultGrouping } from './line-grouping.ts';

describe('defaultGrouping', () => {
  test('orders to be placed or delivered open by vendor, every other by category', () => {
    expect(Object.fromEntries(ORDER_STATUSES.map((status) => [status, defaultGrouping(status)]))).toEqual({
      submitted: 'category',
      approved: 'vendor',
      rejected: 'category',
      placed: 'vendor',
      received: 'category',
      cancelled: 'category',
    });
  });
});
