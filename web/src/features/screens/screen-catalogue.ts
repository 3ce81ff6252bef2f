import type { PermissionKey } from '@engine/permissions.ts';

export interface ScreenDefinition {
  title: string;
  /** Null: everyone signed in may use it (requirements §6: View Cart needs no permission). */
  permission: PermissionKey | null;
}

/**
 * The screens of requirements §2 beyond the main one. Permissions follow the product's default tab permissions,
 * which are also what the server enforces for each screen's calls. The router reads it, so it is part of the first
 * script: what a screen says about itself is written on the screen, which loads with its route.
 */
export const SCREENS = {
  inventory: {
    title: 'Inventory Management',
    permission: 'set_pars',
  },
  viewCart: {
    title: 'View Cart',
    permission: null,
  },
  orderManagement: {
    title: 'Order Management',
    permission: 'manage_orders',
  },
  orders: {
    title: 'Orders',
    permission: 'view_orders',
  },
  approvals: {
    title: 'Approvals',
    permission: 'approve_orders',
  },
  parLock: {
    title: 'Par Lock',
    permission: 'par_lock_management',
  },
  opsTracker: {
    title: 'District Ops Tracker',
    permission: 'approve_orders',
  },
  cafeOpsTracker: {
    title: 'Cafe Ops Tracker',
    permission: 'count_inventory',
  },
  navigator: {
    title: 'Navigator',
    permission: 'view_orders',
  },
  settings: {
    title: 'Settings',
    permission: 'admin_panel',
  },
} as const satisfies Record<string, ScreenDefinition>;

export type ScreenKey = keyof typeof SCREENS;
