import { describe, expect, test } from 'bun:test';
import {
  type BulkChangeTarget,
  bulkChangeAlters,
  bulkChangeRefusal,
  daysSinceCounted,
  deriveStockStatus,
  onHandValue,
  shownStockStatus,
} from './inventory-management.ts';

describe('deriveStockStatus', () => {
  test('nothing on hand is out, even against a PAR of 0', () => {
    expect(deriveStockStatus(0, 6)).toBe('out');
    expect(deriveStockStatus(0, 0)).toBe('out');
  });
  test('below the PAR is low; at the PAR is in stock (the boundary belongs to in stock)', () => {
    expect(deriveStockStatus(5.75, 6)).toBe('low');
    expect(deriveStockStatus(6, 6)).toBe('in_stock');
    expect(deriveStockStatus(9, 6)).toBe('in_stock');
  });
  test('any stock against a PAR of 0 is in stock', () => {
    expect(deriveStockStatus(0.25, 0)).toBe('in_stock');
  });
  test('a product never counted has no derived status', () => {
    expect(deriveStockStatus(null, 6)).toBeNull();
  });
});

describe('shownStockStatus', () => {
  test('a status set by hand wins over the count', () => {
    expect(shownStockStatus({ override: 'out', lastCount: 20, par: 6 })).toEqual({
      status: 'out',
      source: 'set',
    });
  });
  test('otherwise the count decides, and never counted shows none', () => {
    expect(shownStockStatus({ override: null, lastCount: 2, par: 6 })).toEqual({
      status: 'low',
      source: 'count',
    });
    expect(shownStockStatus({ override: null, lastCount: null, par: 6 })).toEqual({
      status: null,
      source: 'none',
    });
  });
});

describe('onHandValue', () => {
  test('last count × unit cost, rounded to cents', () => {
    expect(onHandValue(3, 12.5)).toBe(37.5);
    expect(onHandValue(0.25, 3.33)).toBe(0.83);
    expect(onHandValue(0, 9.99)).toBe(0);
  });
  test('a quarter of 0.58, 1.14, 2.26 and 2.30 is 0.15, 0.29, 0.57 and 0.58, rounded exactly', () => {
    expect([0.58, 1.14, 2.26, 2.3].map((cost) => onHandValue(0.25, cost))).toEqual([0.15, 0.29, 0.57, 0.58]);
  });
  test('unknown without a count', () => {
    expect(onHandValue(null, 9.99)).toBeNull();
  });
});

describe('daysSinceCounted', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  test("calendar days in the café's zone, never negative", () => {
    expect(daysSinceCounted('2026-11-25T11:00:00Z', now, 'UTC')).toBe(0);
    expect(daysSinceCounted('2026-11-24T12:00:00Z', now, 'UTC')).toBe(1);
    expect(daysSinceCounted('2026-11-18T12:00:01Z', now, 'UTC')).toBe(7);
    expect(daysSinceCounted('2026-11-26T00:00:00Z', now, 'UTC')).toBe(0);
  });
  test("one evening's count is one day old the next day, whatever the minute each product was counted", () => {
    // Chicago, 09:00 on the 25th; the count ran from 18:55 to 19:10 on the 24th.
    const morning = new Date('2026-11-25T15:00:00Z');
    const chicago = 'America/Chicago';
    expect(daysSinceCounted('2026-11-25T00:55:00Z', morning, chicago)).toBe(1);
    expect(daysSinceCounted('2026-11-25T01:10:00Z', morning, chicago)).toBe(1);
    // 23:30 on the 24th in Chicago is already the 25th in UTC: still yesterday there.
    expect(daysSinceCounted('2026-11-25T05:30:00Z', morning, chicago)).toBe(1);
    // Earlier the same day in Chicago is today, not a day.
    expect(daysSinceCounted('2026-11-25T14:00:00Z', morning, chicago)).toBe(0);
  });
  test('the day the clocks go forward is still one day', () => {
    // New York springs forward on 8 March 2026: 23:30 on the 7th to 23:30 on the 8th is 23 hours.
    expect(
      daysSinceCounted('2026-03-08T04:30:00Z', new Date('2026-03-09T03:30:00Z'), 'America/New_York'),
    ).toBe(1);
  });
  test('never counted is null', () => {
    expect(daysSinceCounted(null, now)).toBeNull();
  });
});

const target = (overrides: Partial<BulkChangeTarget> = {}): BulkChangeTarget => ({
  productName: 'Oat Milk',
  sold: true,
  lifecycle: 'active',
  parLocked: false,
  parLockedBy: null,
  stockStatusOverride: null,
  backordered: false,
  ...overrides,
});

describe('bulkChangeRefusal', () => {
  const locked = target({ parLocked: true, parLockedBy: 'Marcus Bell' });

  test('a product no longer sold is refused whatever the change', () => {
    expect(bulkChangeRefusal(target({ sold: false }), { backordered: true }, true)).toBe(
      'This product does not exist or is no longer sold.',
    );
  });
  test('discontinuing a locked PAR needs par_lock_management, and says who locked it', () => {
    expect(bulkChangeRefusal(locked, { lifecycle: 'discontinued' }, false)).toBe(
      'Its PAR is locked by Marcus Bell: only someone who manages PAR locks can discontinue it.',
    );
    expect(bulkChangeRefusal(locked, { lifecycle: 'discontinued' }, true)).toBeNull();
  });
  test('bringing a discontinued locked product back needs par_lock_management too', () => {
    const gone = { ...locked, lifecycle: 'discontinued' as const, parLockedBy: null };
    expect(bulkChangeRefusal(gone, { lifecycle: 'active' }, false)).toBe(
      'Its PAR is locked: only someone who manages PAR locks can bring it back.',
    );
  });
  test('other lifecycle moves, stock status and backordered pass a lock (as in Set PARs)', () => {
    expect(bulkChangeRefusal(locked, { lifecycle: 'phasing_out' }, false)).toBeNull();
    expect(bulkChangeRefusal(locked, { stockStatus: 'out', backordered: true }, false)).toBeNull();
  });
  test('an unlocked product, or a discontinued one asked to stay so, passes', () => {
    expect(bulkChangeRefusal(target(), { lifecycle: 'discontinued' }, false)).toBeNull();
    expect(
      bulkChangeRefusal({ ...locked, lifecycle: 'discontinued' }, { lifecycle: 'discontinued' }, false),
    ).toBeNull();
  });
});

describe('bulkChangeAlters', () => {
  test('the same values alter nothing', () => {
    expect(bulkChangeAlters(target(), { lifecycle: 'active', backordered: false })).toBe(false);
    expect(bulkChangeAlters(target(), { stockStatus: 'from_count' })).toBe(false);
    expect(bulkChangeAlters(target({ stockStatusOverride: 'low' }), { stockStatus: 'low' })).toBe(false);
  });
  test('a new value, or setting by hand a status the count happens to say, alters', () => {
    expect(bulkChangeAlters(target(), { lifecycle: 'new' })).toBe(true);
    expect(bulkChangeAlters(target(), { stockStatus: 'in_stock' })).toBe(true);
    expect(bulkChangeAlters(target({ stockStatusOverride: 'out' }), { stockStatus: 'from_count' })).toBe(
      true,
    );
    expect(bulkChangeAlters(target(), { backordered: true })).toBe(true);
  });
});
