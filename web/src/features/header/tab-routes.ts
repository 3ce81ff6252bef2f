import { type OperationKey, parseOperationKey } from '@engine/operations.ts';
import { ownEntry } from '@engine/own-entry.ts';

export type TabDestination = { kind: 'operation'; operation: OperationKey } | { kind: 'path'; to: string };

/** Requirements §2's routes for the tabs that are screens of their own. */
const PATHS_BY_TAB_KEY: Readonly<Record<string, string>> = {
  view_cart: '/order-confirmation',
  orders: '/orders',
  order_management: '/order-management',
  approvals: '/approvals',
  par_lock: '/par-lock',
  inventory_management: '/inventory',
  reports: '/navigator',
  navigator: '/navigator',
  ops_tracker: '/ops-tracker',
  cafe_ops_tracker: '/cafe-ops-tracker',
  admin_panel: '/admin',
};

/** Admin sections by the names their tabs go by, with or without the `admin_` prefix. */
const ADMIN_SECTION_BY_KEY: Readonly<Record<string, string>> = {
  tasks: 'tasks',
  task_management: 'tasks',
  ui: 'ui',
  users: 'users',
  locations: 'locations',
  products: 'products',
  square: 'square',
  square_catalog: 'square',
  api_health: 'api-health',
};

/** Where an `admin_*` key leads: its section when there is one, else the admin overview (requirements §2). */
export function adminPathForKey(tabKey: string): string {
  const section = ownEntry(ADMIN_SECTION_BY_KEY, tabKey.replace(/^admin_/, '').replaceAll('-', '_'));
  return section ? `/admin/${section}` : '/admin';
}

/**
 * What choosing a tab does: the four operations are chosen in place on the main screen; every other known
 * tab is a route. Unknown keys lead nowhere (null), so the header never offers a dead link.
 */
export function tabDestination(tabKey: string): TabDestination | null {
  const operation = parseOperationKey(tabKey);
  if (operation) return { kind: 'operation', operation };
  const path = ownEntry(PATHS_BY_TAB_KEY, tabKey);
  if (path) return { kind: 'path', to: path };
  if (tabKey.startsWith('admin_') || ownEntry(ADMIN_SECTION_BY_KEY, tabKey)) {
    return { kind: 'path', to: adminPathForKey(tabKey) };
  }
  return null;
}
