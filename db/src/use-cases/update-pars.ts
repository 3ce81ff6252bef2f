import type { Db } from '@db/client.ts';
import { recordAudits } from '@db/repositories/audit-log.ts';
import { storeDerivedStockStatuses } from '@db/repositories/derived-stock-status.ts';
import {
  findSoldProducts,
  type LocationProductSettings,
  listLocationProducts,
  lockLocationProducts,
  updateLocationProducts,
} from '@db/repositories/location-products.ts';
import { findLocationTimeZone } from '@db/repositories/locations.ts';
import type { Actor } from '@engine/actor.ts';
import { type ParChange, type ParsResponse, parsResponseSchema } from '@engine/counting-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { lockedParChanges } from '@engine/par-lock.ts';
import { describeUnknownProducts, listNames } from './unknown-products.ts';

async function unknownProducts(
  tx: Db,
  items: readonly ParChange[],
  sold: ReadonlyMap<number, string>,
): Promise<AppError> {
  const unknown = items.flatMap((item, index) => (sold.has(item.productId) ? [] : [{ item, index }]));
  const described = await describeUnknownProducts(
    tx,
    unknown.map(({ item }) => item.productId),
  );
  return AppError.validation(
    described.message,
    unknown.map(({ item, index }) => ({
      path: `items.${index}.productId`,
      message: described.reasonOf(item.productId),
    })),
  );
}

async function lockedPars(
  tx: Db,
  locationId: number,
  productIds: readonly number[],
  sold: ReadonlyMap<number, string>,
): Promise<AppError> {
  const lockOf = new Map(
    (await listLocationProducts(tx, locationId, productIds)).map((row) => [row.productId, row]),
  );
  const lockedProducts = productIds
    .map((productId) => ({
      productId,
      productName: sold.get(productId) ?? '',
      lockedBy: lockOf.get(productId)?.parLockedBy ?? null,
      lockedAt: lockOf.get(productId)?.parLockedAt ?? null,
    }))
    .sort((a, b) => a.productName.localeCompare(b.productName));
  const names = listNames(lockedProducts.map((product) => product.productName));
  const subject = lockedProducts.length === 1 ? `The PAR of ${names} is` : `The PARs of ${names} are`;
  return new AppError(
    'par_locked',
    `${subject} locked. Only someone who manages PAR locks can change ${lockedProducts.length === 1 ? 'it' : 'them'}; nothing was saved.`,
    { details: { lockedProducts, timezone: (await findLocationTimeZone(tx, locationId)) ?? 'UTC' } },
  );
}

/** The fields whose value differs, so each audit row says exactly what changed. */
function changedFields(
  before: LocationProductSettings,
  after: LocationProductSettings,
): { before: Partial<LocationProductSettings>; after: Partial<LocationProductSettings> } {
  const keys = (['par', 'lifecycle', 'stockStatus', 'backordered'] as const).filter(
    (key) => before[key] !== after[key],
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * Applies a batch of PAR, lifecycle, stock status and backordered changes at one location, all or nothing:
 * a product that is unknown or retired (400) or a locked PAR the user may not change (409) refuses the
 * whole batch. Rows are created on first write. One audit row per product that changed.
 */
export function updatePars(
  db: Db,
  actor: Actor,
  locationId: number,
  items: readonly ParChange[],
): Promise<ParsResponse> {
  const productIds = items.map((item) => item.productId);
  return db.transaction(async (tx) => {
    const sold = await findSoldProducts(tx, productIds);
    if (sold.size < productIds.length) throw await unknownProducts(tx, items, sold);

    const before = await lockLocationProducts(tx, locationId, productIds);
    const locked = lockedParChanges(items, before, actor.permissions.has('par_lock_management'));
    if (locked.length > 0) throw await lockedPars(tx, locationId, locked, sold);

    const changed = await updateLocationProducts(tx, { locationId, actorId: actor.id, changes: items });
    // A new PAR moves the status the last count gives against it (decision 028): stored with the change.
    await storeDerivedStockStatuses(
      tx,
      items
        .filter((item) => item.par !== undefined)
        .map((item) => ({ locationId, productId: item.productId })),
    );
    const beforeOf = new Map(before.map((row) => [row.productId, row]));
    await recordAudits(
      tx,
      changed.flatMap((after) => {
        const previous = beforeOf.get(after.productId);
        if (!previous) return [];
        return [
          {
            actorId: actor.id,
            action: 'par.update',
            entity: 'location_product',
            entityId: `${locationId}:${after.productId}`,
            locationId,
            ...changedFields(previous, after),
          },
        ];
      }),
    );
    const states = await listLocationProducts(tx, locationId, productIds);
    return parsResponseSchema.parse({ locationId, items: states });
  });
}
