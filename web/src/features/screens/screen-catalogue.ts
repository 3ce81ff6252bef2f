import type { PermissionKey } from '@engine/permissions.ts';

export interface ScreenDefinition {
  title: string;
  /** One line on what the screen is for, shown until the screen itself is built. */
  description: string;
  /** Null: everyone signed in may use it (requirements §6: View Cart needs no permission). */
  permission: PermissionKey | null;
}

/**
 * The screens of requirements §2 beyond the main one. Permissions follow the product's default tab permissions,
 * which are also what the server enforces for each screen's calls.
 */
export const SCREENS = {
  inventory: {
    title: 'Inventory Management',
    description:
      'Every product at a location with its PAR, lock, last count, stock status and lifecycle — filter, edit in place, export.',
    permission: 'set_pars',
  },
  viewCart: {
    title: 'View Cart',
    description: 'Review the shopping list by category, adjust quantities, add a note and submit the order.',
    permission: null,
  },
  orderManagement: {
    title: 'Order Management',
    description: 'Edit submitted orders, cancel them, mark them placed and record deliveries.',
    permission: 'manage_orders',
  },
  orders: {
    title: 'Orders',
    description: 'Every order with its status, location, date and total, with history and CSV export.',
    permission: 'view_orders',
  },
  approvals: {
    title: 'Approvals',
    description: 'Approve or reject the pending orders of your cafés, one at a time or in bulk.',
    permission: 'approve_orders',
  },
  parLock: {
    title: 'Par Lock',
    description: 'Lock and unlock PAR levels per location by product, by category or all at once.',
    permission: 'par_lock_management',
  },
  opsTracker: {
    title: 'District Ops Tracker',
    description: 'Every café of your district against today’s counts, nightly counts, orders and tasks.',
    permission: 'approve_orders',
  },
  cafeOpsTracker: {
    title: 'Cafe Ops Tracker',
    description: 'Today’s checklist of opening, closing and weekly tasks for the selected café.',
    permission: 'count_inventory',
  },
  navigator: {
    title: 'Navigator',
    description: 'Reports on inventory value, usage, order spend, count compliance and nightly variance.',
    permission: 'view_orders',
  },
  settings: {
    title: 'Settings',
    description: 'Users, locations, products, tasks, styles, Square and the health of the service.',
    permission: 'admin_panel',
  },
} as const satisfies Record<string, ScreenDefinition>;

export type ScreenKey = keyof typeof SCREENS;
