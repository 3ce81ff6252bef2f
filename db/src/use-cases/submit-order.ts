import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import {
  clearCartItems,
  findOrderableProducts,
  listCartLines,
  lockCart,
  touchCart,
} from '@db/repositories/carts.ts';
import { findActiveCountCompletion } from '@db/repositories/count-completions.ts';
import {
  copyCartToOrderLines,
  findOrderByIdempotencyKey,
  findRecentSubmission,
  insertOrderEvent,
  insertOrderOnce,
  locationBusinessDay,
  nextOrderSequence,
  type RecentSubmission,
} from '@db/repositories/orders.ts';
import { restartCountIn } from '@db/use-cases/start-count.ts';
import type { Actor } from '@engine/actor.ts';
import { cartChangedMessage, cartChanges, type ShownLine } from '@engine/cart-changed.ts';
import { cartTotals } from '@engine/cart-totals.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { formatOrderNumber, orderNumberPrefix } from '@engine/order-number.ts';

export const EMPTY_CART_MESSAGE = 'The shopping list is empty. Add products before submitting an order.';

/**
 * How long after an order a submit that finds the list empty names it. Within it, the likely cause is a list
 * shown before someone (another manager, another tab) submitted it, and "empty" alone reads like a fault
 * (decision 086).
 */
export const JUST_SUBMITTED_MINUTES = 60;

export function justSubmittedMessage(order: RecentSubmission): string {
  const by = order.submittedBy ? ` by ${order.submittedBy}` : '';
  return `The shopping list is empty: it was submitted as order ${order.number}${by} at ${order.at}. Orders shows it.`;
}

export const SUGGESTED_FROM_CHANGED_COUNT_MESSAGE =
  'This list was suggested from a count that was changed or restarted since, so it may order the wrong amounts. Submit the count again and suggest again, or clear the list and order by hand.';

export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for an order of another location. Send a new key for a new order.';

/** Names of the products a screen showed, for a line removed from the list since. */
async function productNamer(tx: Db, shown: readonly ShownLine[]): Promise<(productId: number) => string> {
  const rows = await tx.query<{ id: number; name: string }>(
    'SELECT id, name FROM products WHERE id = ANY($1::int[])',
    [shown.map((line) => line.productId)],
  );
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return (productId) => names.get(productId) ?? `Product ${productId}`;
}

export interface SubmitOrderInput {
  locationId: number;
  note: string | undefined;
  idempotencyKey: string;
  /** The lines the submitting screen showed; a list changed since is not ordered. */
  expectedLines?: readonly ShownLine[];
}

/**
 * Turns the location's cart into a submitted order, empties the cart and starts the location's next count, all in
 * one transaction.
 *
 * Idempotency rests on the unique index (created_by, idempotency_key): the insert says ON CONFLICT DO
 * NOTHING and, when it did nothing, the order already made with this key is read back. The cart lock makes
 * submits of one location take turns, which also hands out the day's order numbers one at a time.
 */
export function submitOrder(
  db: Db,
  actor: Actor,
  input: SubmitOrderInput,
): Promise<{ orderId: number; created: boolean; countStarted: boolean }> {
  return db.transaction(async (tx) => {
    const cart = await lockCart(tx, input.locationId);
    const day = await locationBusinessDay(tx, input.locationId);
    const prefix = orderNumberPrefix(day.code, day.date);
    const number = formatOrderNumber(day.code, day.date, await nextOrderSequence(tx, prefix));
    const note = input.note ?? cart.note;

    const orderId = await insertOrderOnce(tx, {
      number,
      locationId: input.locationId,
      note,
      createdBy: actor.id,
      idempotencyKey: input.idempotencyKey,
    });
    if (orderId === null) {
      const existing = await findOrderByIdempotencyKey(tx, actor.id, input.idempotencyKey);
      if (!existing) throw new Error('An idempotency key conflicted but its order cannot be read');
      if (existing.locationId !== input.locationId) {
        throw new AppError('idempotency_key_reused', KEY_REUSED_MESSAGE);
      }
      // The first answer said whether it started a count; a device re-reading its count again costs nothing.
      return { orderId: existing.id, created: false, countStarted: true };
    }

    const lines = await listCartLines(tx, input.locationId);
    // Throwing rolls back the order inserted above: an empty cart leaves no trace.
    if (lines.length === 0) {
      // Not the order this attempt inserted, which the refusal rolls back.
      const recent = await findRecentSubmission(tx, input.locationId, JUST_SUBMITTED_MINUTES, orderId);
      throw new AppError('cart_empty', recent ? justSubmittedMessage(recent) : EMPTY_CART_MESSAGE);
    }
    if (input.expectedLines) {
      const stored = lines.map((line) => ({
        ...line,
        quantity: Number(line.quantity),
        unitCost: Number(line.unitCost),
      }));
      let changes = cartChanges(input.expectedLines, stored);
      if (changes.length > 0) {
        // Only a line removed since has no name on the list: look names up then, not on every submit.
        if (changes.some((change) => change.now === null)) {
          changes = cartChanges(input.expectedLines, stored, await productNamer(tx, input.expectedLines));
        }
        throw new AppError('cart_changed', cartChangedMessage(changes), { details: { changes } });
      }
    }
    // A suggested list orders PAR minus the completed count. Once that count is reopened by an edit (decision 021) or
    // restarted, the list may order the wrong amounts: the count is completed again, or the list cleared, first.
    if (cart.suggested && !(await findActiveCountCompletion(tx, input.locationId))) {
      throw new AppError('count_not_completed', SUGGESTED_FROM_CHANGED_COUNT_MESSAGE);
    }
    const products = await findOrderableProducts(
      tx,
      input.locationId,
      lines.map((line) => line.productId),
    );
    const blocked = products.filter((product) => product.retired || product.lifecycle === 'discontinued');
    if (blocked.length > 0) {
      const names = blocked.map((product) => product.name).join(', ');
      throw new AppError(
        'products_not_orderable',
        `${names} ${blocked.length === 1 ? 'is' : 'are'} no longer ordered here. Remove ${blocked.length === 1 ? 'it' : 'them'} from the shopping list first.`,
        { details: { productIds: blocked.map((product) => product.id) } },
      );
    }

    await copyCartToOrderLines(tx, orderId, input.locationId);
    await insertOrderEvent(tx, { orderId, from: null, to: 'submitted', actorId: actor.id, comment: '' });
    await clearCartItems(tx, input.locationId);
    await touchCart(tx, input.locationId, { actorId: actor.id, suggested: false, note: '' });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'order.submit',
      entity: 'order',
      entityId: String(orderId),
      locationId: input.locationId,
      before: {
        cart: {
          lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
          note: cart.note,
        },
      },
      after: {
        number,
        status: 'submitted',
        note,
        ...cartTotals(lines),
        idempotencyKey: input.idempotencyKey,
      },
    });
    // The order spends the completed count it was made from: the café's next count starts now, for every phone of the
    // café, not when this device is next on the main screen (decision 119). A count still under way was not ordered
    // from (a list is suggested only from a completed count): an order made by hand meanwhile leaves it to be
    // finished, rather than taking a barista's numbers away mid-count.
    const countStarted = (await findActiveCountCompletion(tx, input.locationId)) !== null;
    if (countStarted) await restartCountIn(tx, actor, input.locationId, { orderId });
    return { orderId, created: true, countStarted };
  });
}
