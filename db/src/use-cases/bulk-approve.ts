import type { Db } from '@db/client.ts';
import { isLocationInScope } from '@db/repositories/locations.ts';
import { findOrderSummary } from '@db/repositories/order-reads.ts';
import { findOrderHead } from '@db/repositories/orders.ts';
import type { Actor } from '@engine/actor.ts';
import { AppError } from '@engine/errors/app-error.ts';
import {
  type BulkApprovalBody,
  type BulkApprovalResponse,
  type BulkApprovalResult,
  bulkApprovalResponseSchema,
} from '@engine/order-schemas.ts';
import { orderNotFound } from './order-refusals.ts';
import { transitionOrder } from './transition-order.ts';

/** The order, if it is the actor's to see; outside their cafés it is as missing as an unknown id. */
async function assertOrderInScope(db: Db, actor: Actor, orderId: number): Promise<void> {
  const head = await findOrderHead(db, orderId);
  if (!head || !(await isLocationInScope(db, { userId: actor.id, role: actor.role }, head.locationId))) {
    throw orderNotFound();
  }
}

/**
 * Approves each order on its own, exactly as the single-order call would (same checks, own transaction),
 * and reports every order's outcome: one order changed by someone else does not hold back the others.
 */
export async function bulkApprove(
  db: Db,
  actor: Actor,
  body: BulkApprovalBody,
): Promise<BulkApprovalResponse> {
  const results: BulkApprovalResult[] = [];
  for (const orderId of new Set(body.orderIds)) {
    try {
      await assertOrderInScope(db, actor, orderId);
      await transitionOrder(db, actor, {
        orderId,
        action: 'approve',
        expectedVersion: body.expectedVersions?.[String(orderId)],
        comment: body.comment ?? '',
      });
      const order = await findOrderSummary(db, orderId);
      if (!order) throw orderNotFound();
      results.push({ orderId, ok: true, order });
    } catch (error) {
      // Only refusals are per-order outcomes; anything unexpected is a server error like anywhere else.
      if (!(error instanceof AppError)) throw error;
      results.push({ orderId, ok: false, status: error.status, code: error.code, message: error.message });
    }
  }
  const approved = results.filter((result) => result.ok).length;
  return bulkApprovalResponseSchema.parse({ results, approved, failed: results.length - approved });
}
