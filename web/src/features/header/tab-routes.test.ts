import { describe, expect, test } from 'bun:test';
import { adminPathForKey, tabDestination } from './tab-routes.ts';

describe('tabDestination', () => {
  test('the four operations are chosen in place', () => {
    expect(tabDestination('count_inventory')).toEqual({ kind: 'operation', operation: 'count_inventory' });
    expect(tabDestination('shopping_list')).toEqual({ kind: 'operation', operation: 'shopping_list' });
  });

  test('screens map to the routes of requirements §2', () => {
    const paths = Object.fromEntries(
      ['view_cart', 'orders', 'order_management', 'par_lock', 'inventory_management', 'reports'].map(
        (key) => [key, tabDestination(key)],
      ),
    );
    expect(paths).toEqual({
      view_cart: { kind: 'path', to: '/order-confirmation' },
      orders: { kind: 'path', to: '/orders' },
      order_management: { kind: 'path', to: '/order-management' },
      par_lock: { kind: 'path', to: '/par-lock' },
      inventory_management: { kind: 'path', to: '/inventory' },
      reports: { kind: 'path', to: '/navigator' },
    });
  });

  test('admin children lead to their admin section', () => {
    expect(tabDestination('users')).toEqual({ kind: 'path', to: '/admin/users' });
    expect(tabDestination('task_management')).toEqual({ kind: 'path', to: '/admin/tasks' });
    expect(tabDestination('square_catalog')).toEqual({ kind: 'path', to: '/admin/square' });
    expect(tabDestination('api_health')).toEqual({ kind: 'path', to: '/admin/api-health' });
  });

  test('unknown keys lead nowhere', () => {
    expect(tabDestination('coffee_machine')).toBeNull();
    for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect([key, tabDestination(key)]).toEqual([key, null]);
    }
    expect(adminPathForKey('admin_constructor')).toBe('/admin');
  });
});

describe('adminPathForKey', () => {
  test('admin_ keys map to their section, unknown ones to the overview', () => {
    expect(adminPathForKey('admin_ui')).toBe('/admin/ui');
    expect(adminPathForKey('admin_api_health')).toBe('/admin/api-health');
    expect(adminPathForKey('admin_api-health')).toBe('/admin/api-health');
    expect(adminPathForKey('admin_tasks')).toBe('/admin/tasks');
    expect(adminPathForKey('admin_billing')).toBe('/admin');
  });
});
