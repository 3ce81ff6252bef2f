import { describe, expect, test } from 'bun:test';
import { parseSignInSearch, safeReturnTo } from './sign-in-search.ts';

describe('safeReturnTo', () => {
  test('returns to a path of the app', () => {
    expect(safeReturnTo('/orders')).toBe('/orders');
    expect(safeReturnTo('/admin/users?tab=2')).toBe('/admin/users?tab=2');
  });

  test('falls back to home for anything that could leave the app or loop', () => {
    for (const unsafe of [
      undefined,
      '',
      'orders',
      'https://evil.test',
      '//evil.test',
      '/\\evil.test',
      '/api/logout',
      '/sign-in',
    ]) {
      expect(safeReturnTo(unsafe)).toBe('/');
    }
  });
});

describe('parseSignInSearch', () => {
  test('keeps a text returnTo and drops anything else', () => {
    expect(parseSignInSearch({ returnTo: '/orders' })).toEqual({ returnTo: '/orders' });
    expect(parseSignInSearch({ returnTo: 5 })).toEqual({});
  });
});
