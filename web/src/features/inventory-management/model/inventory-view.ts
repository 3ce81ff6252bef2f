import type { Lifecycle, StockStatus } from '@engine/api-schemas.ts';
import {
  daysSinceCounted,
  onHandValue,
  type StockStatusSource,
  shownStockStatus,
} from '@engine/inventory-management.ts';
import type { InventoryManagementRow } from '@engine/inventory-management-schemas.ts';

export const LIFECYCLE_LABELS: Readonly<Record<Lifecycle, string>> = {
  active: 'Active',
  new: 'New',
  phasing_out: 'Phasing out',
  discontinued: 'Discontinued',
};

export const STOCK_STATUS_LABELS: Readonly<Record<StockStatus, string>> = {
  in_stock: 'In stock',
  low: 'Low',
  out: 'Out',
};

/** A row as the table shows it: the read plus what the engine derives from it. */
export interface InventoryViewRow extends InventoryManagementRow {
  stockStatus: StockStatus | null;
  stockSource: StockStatusSource;
  onHandValue: number | null;
  daysSinceCount: number | null;
}

export function toViewRows(items: readonly InventoryManagementRow[], now: Date): InventoryViewRow[] {
  return items.map((item) => {
    const lastCount = item.lastCount?.value ?? null;
    const shown = shownStockStatus({
      override: item.stockStatusOverride?.value ?? null,
      lastCount,
      par: item.par,
    });
    return {
      ...item,
      stockStatus: shown.status,
      stockSource: shown.source,
      onHandValue: onHandValue(lastCount, item.unitCost),
      daysSinceCount: daysSinceCounted(item.lastCount?.countedAt ?? null, now),
    };
  });
}

/** 'none': never counted (no status to show). */
export type StockStatusFilter = StockStatus | 'none';

export interface InventoryFilters {
  search: string;
  category: string | null;
  lifecycle: Lifecycle | null;
  stockStatus: StockStatusFilter | null;
  locked: 'locked' | 'unlocked' | null;
  /** Products not counted for at least this many days, never counted ones included. */
  notCountedDays: number | null;
}

export const NO_FILTERS: InventoryFilters = {
  search: '',
  category: null,
  lifecycle: null,
  stockStatus: null,
  locked: null,
  notCountedDays: null,
};

export function activeFilterCount(filters: InventoryFilters): number {
  return [
    filters.category,
    filters.lifecycle,
    filters.stockStatus,
    filters.locked,
    filters.notCountedDays,
  ].filter((value) => value !== null).length;
}

/** The rows the filters and the search (name or SKU, any part, any case) let through, in their order. */
export function filterRows(rows: readonly InventoryViewRow[], filters: InventoryFilters): InventoryViewRow[] {
  const needle = filters.search.trim().toLocaleLowerCase();
  return rows.filter((row) => {
    if (filters.category !== null && row.category !== filters.category) return false;
    if (filters.lifecycle !== null && row.lifecycle !== filters.lifecycle) return false;
    if (filters.stockStatus !== null && (row.stockStatus ?? 'none') !== filters.stockStatus) return false;
    if (filters.locked !== null && row.parLocked !== (filters.locked === 'locked')) return false;
    if (
      filters.notCountedDays !== null &&
      row.daysSinceCount !== null &&
      row.daysSinceCount < filters.notCountedDays
    ) {
      return false;
    }
    if (needle === '') return true;
    return (
      row.productName.toLocaleLowerCase().includes(needle) ||
      row.sku?.toLocaleLowerCase().includes(needle) === true
    );
  });
}

/** The categories present, in name order, for the category filter. */
export function categoriesOf(rows: readonly InventoryViewRow[]): string[] {
  return [...new Set(rows.map((row) => row.category))].sort((a, b) => a.localeCompare(b));
}
