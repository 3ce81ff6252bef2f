import { beforeEach, describe, expect, test } from 'bun:test';
import { rememberConfirmedLocation, wasConfirmedFor } from './confirmed-location.ts';

describe('the café a start may read before the list of cafés arrives', () => {
  beforeEach(() => localStorage.clear());

  test('none until the list has confirmed one', () => {
    localStorage.setItem('selectedLocationId', '999999');
    expect(wasConfirmedFor(7, 999999)).toBe(false);
  });

  test('only the café confirmed last, and only for the person it was confirmed for', () => {
    rememberConfirmedLocation(7, 3);
    expect(wasConfirmedFor(7, 3)).toBe(true);
    expect(wasConfirmedFor(8, 3)).toBe(false);
    rememberConfirmedLocation(7, 4);
    expect(wasConfirmedFor(7, 3)).toBe(false);
    expect(wasConfirmedFor(7, 4)).toBe(true);
  });
});
