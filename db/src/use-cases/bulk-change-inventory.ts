import type { Db } from '@db/client.ts';
import { recordAudits } from '@db/repositories/audit-log.ts';
import { storeDerivedStockStatuses } from '@db/repositories/derived-stock-status.ts';
import {
  applyBulkSettings,
  type BulkTargetRow,
  lockBulkTargets,
  productNames,
} from '@db/repositories/inventory-management.ts';
import type { Actor } from '@engine/actor.ts';
import {
  type BulkChangeTarget,
  type BulkInventoryChange,
  bulkChangeAlters,
  bulkChangeRefusal,
} from '@engine/inventory-management.ts';
import {
  type BulkInventoryResponse,
  bulkInventoryResponseSchema,
} from '@engine/inventory-management-schemas.ts';

const UNKNOWN_PRODUCT: Omit<BulkChangeTarget, 'productName'> = {
  sold: false,
  lifecycle: 'active',
  parLocked: false,
  parLockedBy: null,
  stockStatusOverride: null,
  backordered: false,
};

function targetOf(row: BulkTargetRow): BulkChangeTarget {
  return {
    productName: row.productName,
    sold: true,
    lifecycle: row.lifecycle,
    parLocked: row.parLocked,
    parLockedBy: row.parLockedBy,
    stockStatusOverride: row.stockStatusSet ? row.stockStatus : null,
    backordered: row.backordered,
  };
}

/** The fields the change touches, before and after, as the audit row records them. */
function auditValues(target: BulkChangeTarget, change: BulkInventoryChange) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  if (change.lifecycle !== undefined && change.lifecycle !== target.lifecycle) {
    before.lifecycle = target.lifecycle;
    after.lifecycle = change.lifecycle;
  }
  if (change.backordered !== undefined && change.backordered !== target.backordered) {
    before.backordered = target.backordered;
    after.backordered = change.backordered;
  }
  if (change.stockStatus !== undefined) {
    const wanted = change.stockStatus === 'from_count' ? null : change.stockStatus;
    if (wanted !== target.stockStatusOverride) {
      // null: the status is the one the latest count says.
      before.stockStatusSet = target.stockStatusOverride;
      after.stockStatusSet = wanted;
    }
  }
  return { before, after };
}

/**
 * Inventory Management's bulk change (decision 028): one lifecycle, stock status or backordered value for
 * many products at one location. Each product is judged on its own: those the person may change are changed
 * together in one transaction with one audit row each; the others are left as they were and answered with
 * the reason; those that already have the value are reported unchanged. Scope and the set_pars permission
 * were checked by the route.
 */
export function bulkChangeInventory(
  db: Db,
  actor: Actor,
  input: { locationId: number; productIds: readonly number[]; change: BulkInventoryChange },
): Promise<BulkInventoryResponse> {
  const { locationId, productIds, change } = input;
  const mayManageLocks = actor.permissions.has('par_lock_management');
  return db.transaction(async (tx) => {
    const rows = new Map(
      (await lockBulkTargets(tx, locationId, productIds)).map((row) => [row.productId, row]),
    );
    const missing = productIds.filter((productId) => !rows.has(productId));
    const names = missing.length > 0 ? await productNames(tx, missing) : new Map<number, string>();

    const changed: number[] = [];
    const unchanged: number[] = [];
    const refused: BulkInventoryResponse['refused'] = [];
    const audits: Parameters<typeof recordAudits>[1][number][] = [];
    for (const productId of productIds) {
      const row = rows.get(productId);
      const target = row
        ? targetOf(row)
        : { ...UNKNOWN_PRODUCT, productName: names.get(productId) ?? `Product ${productId}` };
      const reason = bulkChangeRefusal(target, change, mayManageLocks);
      if (reason !== null) {
        refused.push({
          productId,
          productName: row || names.has(productId) ? target.productName : null,
          reason,
        });
        continue;
      }
      if (!bulkChangeAlters(target, change)) {
        unchanged.push(productId);
        continue;
      }
      changed.push(productId);
      audits.push({
        actorId: actor.id,
        action: 'inventory.bulk_change',
        entity: 'location_product',
        entityId: `${locationId}:${productId}`,
        locationId,
        ...auditValues(target, change),
      });
    }

    if (changed.length > 0) {
      await applyBulkSettings(tx, locationId, actor.id, {
        productIds: changed,
        lifecycle: change.lifecycle,
        backordered: change.backordered,
        stockStatus:
          change.stockStatus === undefined
            ? undefined
            : change.stockStatus === 'from_count'
              ? null
              : change.stockStatus,
      });
      // "From the last count" hands the status back to the count: store what the count says now.
      if (change.stockStatus === 'from_count') {
        await storeDerivedStockStatuses(
          tx,
          changed.map((productId) => ({ locationId, productId })),
        );
      }
      await recordAudits(tx, audits);
    }
    return bulkInventoryResponseSchema.parse({ locationId, changed, unchanged, refused });
  });
}
