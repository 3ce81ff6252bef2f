import type { AccessRule, CurrentUser } from '@bff/auth/current-user.ts';
import type { Db } from '@db/client.ts';
import { isLocationInScope, listLocationsInScope } from '@db/repositories/locations.ts';
import { findOrderHead, type OrderHead } from '@db/repositories/orders.ts';
import { orderNotFound } from './order-errors.ts';

/**
 * Seeing orders: view_orders, and also whoever acts on orders (manage_orders, approve_orders) — a role set
 * up to approve or manage orders cannot do that job without seeing them.
 */
export const READ_ORDERS = {
  anyOf: ['view_orders', 'manage_orders', 'approve_orders'],
  to: 'view orders',
} as const satisfies AccessRule;

export const SUBMIT_ORDERS = { anyOf: ['submit_orders'], to: 'submit orders' } as const satisfies AccessRule;

/** The order if it exists and its location is in the user's scope; otherwise the same 404 either way. */
export async function loadOrderInScope(db: Db, user: CurrentUser, orderId: number): Promise<OrderHead> {
  const head = await findOrderHead(db, orderId);
  if (!head || !(await isLocationInScope(db, { userId: user.id, role: user.role }, head.locationId))) {
    throw orderNotFound();
  }
  return head;
}

export async function locationIdsInScope(db: Db, user: CurrentUser): Promise<number[]> {
  const locations = await listLocationsInScope(db, { userId: user.id, role: user.role });
  return locations.map((location) => location.id);
}
