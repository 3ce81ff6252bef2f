import { describe, expect, test } from 'bun:test';
import type { TabDisplayEntry } from '@engine/api-schemas.ts';
import type { PermissionKey } from '@engine/permissions.ts';
import { buildTabTree, nameFromAdminKey, tabDisplayName } from './tab-tree.ts';

function tab(overrides: Partial<TabDisplayEntry> & Pick<TabDisplayEntry, 'id' | 'tabKey'>): TabDisplayEntry {
  return {
    tabName: overrides.tabKey,
    icon: null,
    parentId: null,
    isVisible: true,
    permission: null,
    displayOrder: overrides.id,
    ...overrides,
  };
}

const holding =
  (...keys: PermissionKey[]) =>
  (permission: PermissionKey) =>
    keys.includes(permission);

describe('buildTabTree', () => {
  test('nests children under their parent in display order', () => {
    const tree = buildTabTree(
      [
        tab({ id: 1, tabKey: 'admin_panel', tabName: 'Admin' }),
        tab({ id: 2, tabKey: 'users', parentId: 1, displayOrder: 2 }),
        tab({ id: 3, tabKey: 'locations', parentId: 1, displayOrder: 1 }),
        tab({ id: 4, tabKey: 'orders', displayOrder: 0 }),
      ],
      holding(),
    );
    expect(tree.map((node) => node.entry.tabKey)).toEqual(['orders', 'admin_panel']);
    expect(tree[1]?.children.map((node) => node.entry.tabKey)).toEqual(['locations', 'users']);
  });

  test('leaves out hidden tabs and tabs whose permission the user lacks', () => {
    const tree = buildTabTree(
      [
        tab({ id: 1, tabKey: 'set_pars', permission: 'set_pars' }),
        tab({ id: 2, tabKey: 'count_inventory', permission: 'count_inventory' }),
        tab({ id: 3, tabKey: 'reports', isVisible: false }),
        tab({ id: 4, tabKey: 'view_cart' }),
      ],
      holding('count_inventory'),
    );
    expect(tree.map((node) => node.entry.tabKey)).toEqual(['count_inventory', 'view_cart']);
  });

  test('a forbidden parent hides its children too', () => {
    const tree = buildTabTree(
      [
        tab({ id: 1, tabKey: 'admin_panel', permission: 'admin_panel' }),
        tab({ id: 2, tabKey: 'users', parentId: 1 }),
      ],
      holding('count_inventory'),
    );
    expect(tree).toEqual([]);
  });
});

describe('tabDisplayName', () => {
  test('operations keep their fixed names whatever the tab row says', () => {
    expect(tabDisplayName({ tabKey: 'set_pars', tabName: 'PARs!' })).toBe('Set PARs');
    expect(tabDisplayName({ tabKey: 'shopping_list', tabName: 'List' })).toBe('Shopping List');
  });

  test('admin_ tabs are named after their key', () => {
    expect(tabDisplayName({ tabKey: 'admin_api_health', tabName: 'whatever' })).toBe('API Health');
    expect(tabDisplayName({ tabKey: 'admin_panel', tabName: 'Admin' })).toBe('Settings');
    expect(nameFromAdminKey('admin_square_catalog')).toBe('Square Catalog');
  });

  test('other tabs use their tab name', () => {
    expect(tabDisplayName({ tabKey: 'reports', tabName: 'Navigator' })).toBe('Navigator');
  });
});
