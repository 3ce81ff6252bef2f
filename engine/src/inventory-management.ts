import type { Lifecycle, StockStatus } from './api-schemas.ts';
import { daysBetween } from './business-date.ts';
import { lineMoney } from './line-money.ts';
import { clockDate, wallClockIn } from './zoned-clock.ts';

/**
 * Inventory Management (product.md): the stock status a café sees for a product and which bulk changes a
 * person may make. Decision 028.
 */

/**
 * The stock status the latest count says against the PAR: nothing on hand is out, less than the PAR is low,
 * the PAR or more is in stock. A product never counted has no status to derive (null), rather than a guess.
 */
export function deriveStockStatus(lastCount: number | null, par: number): StockStatus | null {
  if (lastCount === null) return null;
  if (lastCount <= 0) return 'out';
  return lastCount < par ? 'low' : 'in_stock';
}

export type StockStatusSource = 'set' | 'count' | 'none';

/** What the screen shows: a status someone set wins over the derived one until they put it back. */
export function shownStockStatus(input: {
  override: StockStatus | null;
  lastCount: number | null;
  par: number;
}): { status: StockStatus | null; source: StockStatusSource } {
  if (input.override !== null) return { status: input.override, source: 'set' };
  const derived = deriveStockStatus(input.lastCount, input.par);
  return derived === null ? { status: null, source: 'none' } : { status: derived, source: 'count' };
}

/**
 * The value on the shelf at the last count, rounded to cents as every line's money is (the inventory-value
 * report rounds each product the same way before adding); unknown when never counted.
 */
export function onHandValue(lastCount: number | null, unitCost: number): number | null {
  if (lastCount === null) return null;
  return lineMoney(lastCount, unitCost);
}

/**
 * Calendar days from the day of the last count to today, both in the café's time zone (the device's when
 * unknown): counted yesterday is 1 whatever the hour, so the products of one evening's count stay together
 * rather than splitting at the minute 24 hours have passed. Null when never counted (it matches every
 * "not counted for").
 */
export function daysSinceCounted(countedAt: string | null, now: Date, timeZone?: string): number | null {
  if (countedAt === null) return null;
  const at = new Date(countedAt);
  if (Number.isNaN(at.getTime())) return null;
  const day = (instant: Date) => clockDate(wallClockIn(instant, timeZone));
  return Math.max(0, daysBetween(day(at), day(now)));
}

/** The bulk change: a lifecycle, a stock status (or back to the one the count says), the backordered flag. */
export interface BulkInventoryChange {
  lifecycle?: Lifecycle;
  stockStatus?: StockStatus | 'from_count';
  backordered?: boolean;
}

/** What the server knows of one selected product at the café before the change. */
export interface BulkChangeTarget {
  productName: string;
  /** False: the product does not exist or is retired. */
  sold: boolean;
  lifecycle: Lifecycle;
  parLocked: boolean;
  parLockedBy: string | null;
  stockStatusOverride: StockStatus | null;
  backordered: boolean;
}

/**
 * A PAR lock is a district manager's say over how much of a product a café keeps. Discontinuing a product
 * takes it out of counts and suggestions, which sets its locked PAR aside; bringing a discontinued one back
 * puts it into ordering again. Both need par_lock_management when the PAR is locked; the other lifecycle
 * moves leave the PAR's effect alone. Set PARs and the bulk change apply the same rule.
 */
export function lifecycleMoveTouchesLock(from: Lifecycle, to: Lifecycle): boolean {
  return from !== to && (to === 'discontinued' || from === 'discontinued');
}

/**
 * Why a person may not make this change to this product, in words for them; null when they may.
 * The stock status and the backordered flag leave the PAR's effect alone and pass a lock, as in Set PARs.
 */
export function bulkChangeRefusal(
  target: BulkChangeTarget,
  change: BulkInventoryChange,
  mayManageLocks: boolean,
): string | null {
  if (!target.sold) return 'This product does not exist or is no longer sold.';
  const next = change.lifecycle;
  if (next === undefined || mayManageLocks || !target.parLocked) return null;
  if (!lifecycleMoveTouchesLock(target.lifecycle, next)) return null;
  const by = target.parLockedBy?.trim() ? ` by ${target.parLockedBy.trim()}` : '';
  if (next === 'discontinued') {
    return `Its PAR is locked${by}: only someone who manages PAR locks can discontinue it.`;
  }
  return `Its PAR is locked${by}: only someone who manages PAR locks can bring it back.`;
}

/** Whether the change would alter anything of this product (an unchanged row is neither applied nor refused). */
export function bulkChangeAlters(target: BulkChangeTarget, change: BulkInventoryChange): boolean {
  if (change.lifecycle !== undefined && change.lifecycle !== target.lifecycle) return true;
  if (change.backordered !== undefined && change.backordered !== target.backordered) return true;
  if (change.stockStatus === undefined) return false;
  const wanted = change.stockStatus === 'from_count' ? null : change.stockStatus;
  return wanted !== target.stockStatusOverride;
}
