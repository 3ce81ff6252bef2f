import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import {
  cartQuantitiesOf,
  deleteCartItems,
  findOrderableProducts,
  lockCart,
  recordCartTypedTimes,
  supersededCartChanges,
  touchCart,
  upsertCartItems,
} from '@db/repositories/carts.ts';
import type { Actor } from '@engine/actor.ts';
import { type CartItemChange, lastChangePerProduct } from '@engine/cart-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { unknownProductsRefusal } from './unknown-products.ts';

/**
 * Saves a batch of autosaved quantities: 0 or null removes a line, anything else sets it. The last change of a
 * product in a batch wins; between batches the last typed wins when changes carry `typedAt` (decision 124), else the
 * last to arrive. Removing is always allowed; setting a quantity needs a product
 * that is still sold and not discontinued at the location.
 */
export async function editCartItems(
  db: Db,
  actor: Actor,
  locationId: number,
  items: readonly CartItemChange[],
): Promise<void> {
  const changes = lastChangePerProduct(items);
  const toSet = changes.flatMap((c) =>
    c.quantity ? [{ productId: c.productId, quantity: c.quantity }] : [],
  );
  const toRemove = changes.filter((c) => !c.quantity).map((c) => c.productId);

  const products = await findOrderableProducts(
    db,
    locationId,
    toSet.map((item) => item.productId),
  );
  const byId = new Map(products.map((product) => [product.id, product]));
  const unknown = toSet.filter((item) => byId.get(item.productId)?.retired !== false).map((i) => i.productId);
  if (unknown.length > 0) {
    throw await unknownProductsRefusal(db, unknown);
  }
  const discontinued = products.filter((product) => product.lifecycle === 'discontinued');
  if (discontinued.length > 0) {
    throw new AppError(
      'products_not_orderable',
      `${discontinued.map((p) => p.name).join(', ')} ${discontinued.length === 1 ? 'is' : 'are'} discontinued at this location and cannot be ordered.`,
      { details: { productIds: discontinued.map((p) => p.id) } },
    );
  }

  await db.transaction(async (tx) => {
    await lockCart(tx, locationId);
    // A batch held up on the network and delivered after a newer one: its older changes are not applied.
    const superseded = await supersededCartChanges(
      tx,
      locationId,
      changes.flatMap((c) => (c.typedAt ? [{ productId: c.productId, typedAt: c.typedAt }] : [])),
    );
    const applied = changes.filter((c) => !superseded.has(c.productId));
    if (applied.length === 0) return;
    const before = await cartQuantitiesOf(
      tx,
      locationId,
      applied.map((c) => c.productId),
    );
    await upsertCartItems(
      tx,
      locationId,
      toSet.filter((item) => !superseded.has(item.productId)),
    );
    await deleteCartItems(
      tx,
      locationId,
      toRemove.filter((productId) => !superseded.has(productId)),
    );
    await recordCartTypedTimes(
      tx,
      locationId,
      applied.map((c) => ({ productId: c.productId, typedAt: c.typedAt ?? null })),
    );
    await touchCart(tx, locationId, { actorId: actor.id });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'cart.items',
      entity: 'cart',
      entityId: String(locationId),
      locationId,
      before: { quantities: before },
      after: {
        quantities: Object.fromEntries(applied.map((c) => [String(c.productId), c.quantity || null])),
      },
    });
  });
}
