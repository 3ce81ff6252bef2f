import type { CurrentUser } from '@bff/auth/current-user.ts';
import { orderNotFound } from '@bff/modules/orders/order-errors.ts';
import { applyOrderTransition } from '@bff/modules/orders/transition-order.ts';
import type { Db } from '@db/client.ts';
import { findOrderSummary } from '@db/repositories/order-reads.ts';
import { AppError } from '@engine/errors/app-error.ts';
import {
  type BulkApprovalBody,
  type BulkApprovalResponse,
  type BulkApprovalResult,
  bulkApprovalResponseSchema,
} from '@engine/order-schemas.ts';

/**
 * Approves each order on its own, exactly as the single-order call would (same checks, own transaction),
 * and reports every order's outcome: one order changed by someone else does not hold back the others.
 */
export async function bulkApprove(
  db: Db,
  user: CurrentUser,
  body: BulkApprovalBody,
): Promise<BulkApprovalResponse> {
  const results: BulkApprovalResult[] = [];
  for (const orderId of new Set(body.orderIds)) {
    try {
      await applyOrderTransition(db, user, {
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
