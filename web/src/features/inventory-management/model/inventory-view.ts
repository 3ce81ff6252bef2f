import type { Lifecycle, StockStatus } from '@engine/api-schemas.ts';
import {
  daysSinceCounted,
  onHandValue,
  type StockStatusSource,
  shownStockStatus,
} from '@engine/inventory-management.ts';
import type { InventoryManagementRow } from '@engine/inventory-management-schemas.ts';
import { compareAsRead } from '@engine/text-order.ts';

/** A row as the table shows it: the read plus what the engine derives from it. */
export interface InventoryViewRow extends InventoryManagementRow {
  stockStatus: StockStatus | null;
  stockSource: StockStatusSource;
  onHandValue: number | null;
  daysSinceCount: number | null;
  /** Name and SKU in lower case, once per read: a search tests 3,000 rows on every key. */
  searchKey: string;
  /** The row's place by name, and its category's (then subcategory's), in the collation people expect. */
  nameRank: number;
  categoryRank: number;
  /** The café's zone, for the days the row shows (decision 007); the device's when unknown. */
  timeZone: string | undefined;
}

/**
 * Each row's place in `order`, ties in the read's order. Sorting by a rank compares numbers: the collator
 * runs once per read, not once per comparison on every click and every search.
 */
function ranksBy<T>(items: readonly T[], order: (a: T, b: T) => number): Int32Array {
  const positions = items.map((_, index) => index);
  positions.sort((a, b) => order(items[a] as T, items[b] as T) || a - b);
  const ranks = new Int32Array(items.length);
  positions.forEach((position, rank) => {
    ranks[position] = rank;
  });
  return ranks;
}

/** Each distinct category and subcategory's place: a handful of names sorted once, not every row. */
function categoryRanks(items: readonly InventoryManagementRow[]): Int32Array {
  const keyOf = (item: InventoryManagementRow) => `${item.category}\u0000${item.subcategory ?? ''}`;
  const keys = [...new Set(items.map(keyOf))].sort((a, b) => {
    const [categoryA = '', subA = ''] = a.split('\u0000');
    const [categoryB = '', subB = ''] = b.split('\u0000');
    return compareAsRead(categoryA, categoryB) || compareAsRead(subA, subB);
  });
  const rankOf = new Map(keys.map((key, rank) => [key, rank]));
  return Int32Array.from(items, (item) => rankOf.get(keyOf(item)) ?? 0);
}

export function toViewRows(
  items: readonly InventoryManagementRow[],
  now: Date,
  timeZone?: string,
): InventoryViewRow[] {
  const nameRanks = ranksBy(items, (a, b) => compareAsRead(a.productName, b.productName));
  const categoryRank = categoryRanks(items);
  return items.map((item, index) => {
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
      daysSinceCount: daysSinceCounted(item.lastCount?.countedAt ?? null, now, timeZone),
      searchKey: `${item.productName}\n${item.sku ?? ''}`.toLocaleLowerCase(),
      nameRank: nameRanks[index] ?? index,
      categoryRank: categoryRank[index] ?? 0,
      timeZone,
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

/** The most days "not counted for" takes (ten years); more would pick out the same products. */
export const MAX_NOT_COUNTED_DAYS = 3650;

/**
 * "Not counted for" as typed: whole days in digits only, so "1e3", "1.5" or "-2" are not read as the 1, 1 or 2
 * they start with. Such text filters nothing and is `invalid`; an empty field is simply no filter.
 */
export function parseNotCountedDays(text: string): { days: number | null; invalid: boolean } {
  const trimmed = text.trim();
  if (trimmed === '') return { days: null, invalid: false };
  if (!/^\d+$/.test(trimmed)) return { days: null, invalid: true };
  return { days: Math.min(Number(trimmed), MAX_NOT_COUNTED_DAYS), invalid: false };
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
    return needle === '' || row.searchKey.includes(needle);
  });
}

/** The categories present, in name order, for the category filter. */
export function categoriesOf(rows: readonly InventoryViewRow[]): string[] {
  return [...new Set(rows.map((row) => row.category))].sort((a, b) => a.localeCompare(b));
}
