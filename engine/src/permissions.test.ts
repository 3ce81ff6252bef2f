import { describe, expect, test } from 'bun:test';
import {
  hasPermission,
  PERMISSION_KEYS,
  type PermissionsMap,
  resolvePermissions,
  samePermissions,
} from './permissions.ts';

// Compared as plain text so an expected list may hold any string, including keys the rule must drop.
const sorted = (keys: ReadonlySet<string>): string[] => [...keys].sort();

const map: PermissionsMap = {
  staff: ['count_inventory', 'nightly_counts'],
  cafe_manager: ['set_pars', 'count_inventory', 'nightly_counts', 'submit_orders', 'view_orders'],
};

describe('resolvePermissions', () => {
  test('admin has every permission even with an empty map', () => {
    expect(sorted(resolvePermissions('admin', {}))).toEqual([...PERMISSION_KEYS].sort());
  });

  test('admin has every permission even when the map lists fewer for admin', () => {
    expect(resolvePermissions('admin', { admin: ['view_orders'] }).size).toBe(PERMISSION_KEYS.length);
  });

  test('other roles have exactly their map entries', () => {
    expect(sorted(resolvePermissions('staff', map))).toEqual(['count_inventory', 'nightly_counts']);
    expect(sorted(resolvePermissions('cafe_manager', map))).toEqual(
      ['count_inventory', 'nightly_counts', 'set_pars', 'submit_orders', 'view_orders'].sort(),
    );
  });

  test('a role missing from the map has nothing', () => {
    expect(resolvePermissions('district_manager', map).size).toBe(0);
  });

  test('unknown permission keys in the map are ignored', () => {
    const granted = resolvePermissions('staff', { staff: ['count_inventory', 'launch_rockets', ''] });
    expect(sorted(granted)).toEqual(['count_inventory']);
  });

  test.each([
    [null, map],
    [undefined, map],
    ['', map],
    ['admin', null],
    ['admin', undefined],
    ['staff', null],
  ] as const)('nothing until role and map have loaded (role %p, map %p)', (role, permissions) => {
    expect(resolvePermissions(role, permissions).size).toBe(0);
  });
});

describe('hasPermission', () => {
  test('answers from the resolved set', () => {
    expect(hasPermission('staff', map, 'count_inventory')).toBe(true);
    expect(hasPermission('staff', map, 'set_pars')).toBe(false);
    expect(hasPermission('admin', {}, 'admin_panel')).toBe(true);
    expect(hasPermission(null, map, 'count_inventory')).toBe(false);
  });
});

describe('samePermissions', () => {
  test('the same keys in another order, or repeated, are the same list', () => {
    expect(
      samePermissions(['count_inventory', 'set_pars'], ['set_pars', 'count_inventory', 'set_pars']),
    ).toBe(true);
    expect(samePermissions([], [])).toBe(true);
  });
  test('a key more, less or different is another list', () => {
    expect(samePermissions(['count_inventory'], ['count_inventory', 'set_pars'])).toBe(false);
    expect(samePermissions(['count_inventory', 'set_pars'], ['count_inventory'])).toBe(false);
    expect(samePermissions(['count_inventory'], ['set_pars'])).toBe(false);
  });
});
