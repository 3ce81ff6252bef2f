import { describe, expect, test } from 'bun:test';
import { hasConfirmedCount } from '@engine/cart-suggestions.ts';
import { nothingToOrderText } from './nothing-to-order.ts';

const item = (count: number | null, confirmed: boolean, lifecycle: 'active' | 'discontinued' = 'active') => ({
  count,
  confirmed,
  lifecycle,
});

describe('why Suggest Orders found nothing to order', () => {
  test('stock at PAR when some count was confirmed', () => {
    expect(hasConfirmedCount([item(3, true), item(null, false)])).toBe(true);
    expect(nothingToOrderText([item(3, true)])).toBe(
      'Every confirmed count is at or above its PAR, so nothing was suggested.',
    );
  });

  test('no confirmed count: typed but unconfirmed, uncounted, or only discontinued products', () => {
    for (const items of [[item(0, false)], [item(null, false)], [item(2, true, 'discontinued')], []]) {
      expect(hasConfirmedCount(items)).toBe(false);
      expect(nothingToOrderText(items)).toBe(
        'No count was confirmed, so nothing was suggested: only confirmed counts get a suggested order.',
      );
    }
  });
});
