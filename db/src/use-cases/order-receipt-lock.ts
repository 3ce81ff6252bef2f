import type { Db } from '@db/client.ts';
import { listOrderLinesToChange, lockOrderHead, type OrderHead } from '@db/repositories/orders.ts';
import type { Actor } from '@engine/actor.ts';
import { AppError } from '@engine/errors/app-error.ts';
import type { ReceiptLine } from '@engine/order-receipts.ts';
import { checkOrderActionPermission } from '@engine/order-state-machine.ts';
import { orderNotFound } from './order-refusals.ts';

/**
 * The order locked for a change to what arrived (a delivery, a correction of one), with its lines as they stand:
 * changes of one order take turns, each reading what the one before it wrote. Refused when the order does not
 * exist or the actor may not receive orders.
 */
export async function lockOrderForReceipt(
  tx: Db,
  actor: Actor,
  orderId: number,
): Promise<{ head: OrderHead; lines: ReceiptLine[] }> {
  const head = await lockOrderHead(tx, orderId);
  if (!head) throw orderNotFound();
  const allowed = checkOrderActionPermission({
    action: 'receive',
    actor: { userId: actor.id, permissions: actor.permissions },
    status: head.status,
    createdBy: head.createdBy,
  });
  if (!allowed.ok) throw AppError.forbidden(allowed.reason);
  return { head, lines: await listOrderLinesToChange(tx, orderId) };
}
