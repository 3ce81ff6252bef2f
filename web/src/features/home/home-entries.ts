import { OPERATIONS, type OperationKey } from '@engine/operations.ts';
import type { PermissionKey } from '@engine/permissions.ts';
import {
  CircleCheck,
  ClipboardList,
  type LucideIcon,
  Map as MapIcon,
  Moon,
  Package,
  Settings,
  ShoppingBag,
  ShoppingCart,
  Target,
} from 'lucide-react';

interface EntryBase {
  title: string;
  description: string;
  icon: LucideIcon;
  permission: PermissionKey | null;
  /** Shown on the card when the role lacks the permission, so nobody wonders why it is greyed out. */
  deniedReason: string;
  /** What the card says instead when the role may open the screen but not do all the description promises. */
  limited?: { without: PermissionKey; description: string };
}

export type HomeEntry =
  | (EntryBase & { kind: 'operation'; operation: OperationKey })
  | (EntryBase & {
      kind: 'screen';
      to: '/order-confirmation' | '/order-management' | '/admin' | '/approvals' | '/ops-tracker';
    });

export const OPERATION_DESCRIPTIONS: Readonly<Record<OperationKey, string>> = {
  set_pars: 'Set the target stock for every product at this café, category by category.',
  count_inventory: 'Count what is on the shelves, confirm each item and complete the count.',
  nightly_counts: 'The short end-of-day count of daily items, beside Square’s on-hand figures.',
  shopping_list: 'Suggested quantities from PAR minus the count, ready to adjust and order.',
};

const operation = (key: OperationKey, title: string, icon: LucideIcon, deniedReason: string): HomeEntry => ({
  kind: 'operation',
  operation: key,
  title,
  description: OPERATION_DESCRIPTIONS[key],
  icon,
  permission: OPERATIONS[key].permission,
  deniedReason,
});

/** The home screen's seven entries, in the order of requirements §1. */
export const HOME_ENTRIES: readonly HomeEntry[] = [
  operation('set_pars', 'Set PAR Levels', Target, 'Your role can’t set PAR levels.'),
  operation('count_inventory', 'Count Inventory', ClipboardList, 'Your role can’t count inventory.'),
  operation('nightly_counts', 'Nightly Counts', Moon, 'Your role can’t do nightly counts.'),
  operation('shopping_list', 'Shopping List', ShoppingCart, 'Your role can’t build orders.'),
  {
    kind: 'screen',
    to: '/order-confirmation',
    title: 'View Cart',
    description: 'Review the shopping list, add a note and submit the order.',
    icon: ShoppingBag,
    permission: null,
    deniedReason: '',
    // View Cart is open to everyone (requirements §6), but only submit_orders changes or submits the cart.
    limited: {
      without: 'submit_orders',
      description: 'See what is on the café’s shopping list; a manager submits it.',
    },
  },
  {
    kind: 'screen',
    to: '/order-management',
    title: 'Order Management',
    description: 'Edit submitted orders, mark them placed and record deliveries.',
    icon: Package,
    permission: 'manage_orders',
    deniedReason: 'Your role can’t manage orders.',
  },
  {
    kind: 'screen',
    to: '/admin',
    title: 'Settings',
    description: 'Users, locations, products, tasks, styles and Square.',
    icon: Settings,
    permission: 'admin_panel',
    deniedReason: 'Only administrators can change settings.',
  },
];

/** The line a card shows to a role that may open it: the full description, or what the role can do there. */
export function entryDescription(entry: HomeEntry, has: (permission: PermissionKey) => boolean): string {
  return entry.limited && !has(entry.limited.without) ? entry.limited.description : entry.description;
}

/**
 * Beyond requirements §1's seven, for those who approve orders (district managers and admins): what waits for them
 * and how their cafés' day is going, the two screens they open first. Shown only to that role, never greyed.
 */
export const APPROVER_ENTRIES = {
  approvals: {
    kind: 'screen',
    to: '/approvals',
    title: 'Approvals',
    description: 'Approve or reject the orders your cafés submitted.',
    icon: CircleCheck,
    permission: 'approve_orders',
    deniedReason: '',
  },
  opsTracker: {
    kind: 'screen',
    to: '/ops-tracker',
    title: 'District Ops Tracker',
    description: 'Every café against today’s counts, nightly counts, orders and tasks.',
    icon: MapIcon,
    permission: 'approve_orders',
    deniedReason: '',
  },
} as const satisfies Record<string, HomeEntry>;
