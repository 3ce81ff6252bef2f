import { beforeEach, describe, expect, test } from 'bun:test';
import {
  confirmedReadsOf,
  forgetConfirmedLocation,
  rememberConfirmedLocation,
  wasConfirmedFor,
} from './confirmed-location.ts';

const readsOf = (locationId: number) => [
  '/api/products?shape=compact',
  `/api/inventory?locationId=${locationId}&shape=compact`,
  '/api/admin/category-order',
];

describe('the café a start may read before the list of cafés arrives', () => {
  beforeEach(() => localStorage.clear());

  test('none until the list has confirmed one', () => {
    localStorage.setItem('selectedLocationId', '999999');
    expect(wasConfirmedFor(7, 999999)).toBe(false);
    expect(confirmedReadsOf(999999)).toEqual([]);
  });

  test('only the café confirmed last, and only for the person it was confirmed for', () => {
    rememberConfirmedLocation(7, 3, readsOf(3));
    expect(wasConfirmedFor(7, 3)).toBe(true);
    expect(wasConfirmedFor(8, 3)).toBe(false);
    rememberConfirmedLocation(7, 4, readsOf(4));
    expect(wasConfirmedFor(7, 3)).toBe(false);
    expect(wasConfirmedFor(7, 4)).toBe(true);
  });

  test("a start gets the confirmed café's reads only when that café is the one chosen", () => {
    rememberConfirmedLocation(7, 3, readsOf(3));
    expect(confirmedReadsOf(3)).toEqual(readsOf(3));
    expect(confirmedReadsOf(4)).toEqual([]);
    expect(confirmedReadsOf(Number.NaN)).toEqual([]);
  });

  test('a sign-out forgets the café and its reads', () => {
    rememberConfirmedLocation(7, 3, readsOf(3));
    forgetConfirmedLocation();
    expect(wasConfirmedFor(7, 3)).toBe(false);
    expect(confirmedReadsOf(3)).toEqual([]);
  });

  test("whatever the storage holds, only the app's own reads are sent", () => {
    localStorage.setItem(
      'parstock.confirmedLocation',
      JSON.stringify({
        userId: 7,
        locationId: 3,
        reads: ['https://elsewhere.test/x', '/api/products', 42, '//x'],
      }),
    );
    expect(confirmedReadsOf(3)).toEqual(['/api/products']);
    for (const stored of ['7:3', '{', 'null', '[]', '{"userId":"7","locationId":3,"reads":[]}']) {
      localStorage.setItem('parstock.confirmedLocation', stored);
      expect(confirmedReadsOf(3)).toEqual([]);
      expect(wasConfirmedFor(7, 3)).toBe(false);
    }
  });
});
