import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { findSoldProducts } from '@db/repositories/location-products.ts';
import { listCurrentProductIds, setParLocks } from '@db/repositories/par-locks.ts';
import type { Actor } from '@engine/actor.ts';
import { AppError } from '@engine/errors/app-error.ts';
import type { ParLockChangeBody } from '@engine/par-lock-schemas.ts';
import { unknownProductsRefusal } from './unknown-products.ts';

/** The products a change covers: the named ones, a category's or every product still sold. */
async function targetProductIds(db: Db, body: ParLockChangeBody): Promise<number[]> {
  if (body.scope === 'all') return listCurrentProductIds(db);
  if (body.scope === 'category') {
    const ids = await listCurrentProductIds(db, body.category);
    if (ids.length === 0)
      throw AppError.validation(`No products are sold in the category '${body.category}'.`);
    return ids;
  }
  const wanted = [...new Set(body.productIds ?? [])];
  const sold = await findSoldProducts(db, wanted);
  const unknown = wanted.filter((id) => !sold.has(id));
  if (unknown.length > 0) {
    throw await unknownProductsRefusal(db, unknown);
  }
  return wanted;
}

/**
 * Locks or unlocks PARs at one location in one transaction, with one audit row per product whose lock
 * changed (the audit log is read per product: "who locked the milk PAR?"). Returns how many changed.
 */
export async function changeParLocks(
  db: Db,
  actor: Actor,
  locationId: number,
  body: ParLockChangeBody,
): Promise<number> {
  const productIds = await targetProductIds(db, body);
  return db.transaction(async (tx) => {
    const changed = await setParLocks(tx, { locationId, productIds, locked: body.locked, actorId: actor.id });
    for (const productId of changed) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: body.locked ? 'par.lock' : 'par.unlock',
        entity: 'location_product',
        entityId: `${locationId}:${productId}`,
        locationId,
        before: { parLocked: !body.locked },
        after: { parLocked: body.locked, scope: body.scope },
      });
    }
    return changed.length;
  });
}
