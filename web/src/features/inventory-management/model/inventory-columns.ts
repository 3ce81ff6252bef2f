import { localTime } from '@engine/cafe-time-labels.ts';
import { type CsvCell, toCsv } from '@engine/order-csv.ts';
import { LIFECYCLE_LABELS, STOCK_STATUS_LABELS } from '@web/lib/product-labels.ts';
import type { InventoryViewRow } from './inventory-view.ts';

/**
 * The table's columns as data: what each sorts by and the text each puts in the CSV. The screen draws the
 * same columns in the same order, so an export of the shown rows is the table (decision 028).
 */
export const COLUMN_IDS = [
  'product',
  'category',
  'par',
  'lock',
  'lastCount',
  'stockStatus',
  'backordered',
  'lifecycle',
  'unitCost',
  'onHandValue',
] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

export const COLUMN_TITLES: Readonly<Record<ColumnId, string>> = {
  product: 'Product',
  category: 'Category',
  par: 'PAR',
  lock: 'Lock',
  lastCount: 'Last count',
  stockStatus: 'Stock status',
  backordered: 'Backordered',
  lifecycle: 'Lifecycle',
  unitCost: 'Unit cost',
  onHandValue: 'On-hand value',
};

const STATUS_RANK = { out: 0, low: 1, in_stock: 2 } as const;
const LIFECYCLE_RANK = { new: 0, active: 1, phasing_out: 2, discontinued: 3 } as const;

/**
 * What a column sorts by, always a number or an ISO time; names sort by their rank in the collation
 * (toViewRows), so a sort compares numbers. Undefined (unknown: never counted, not locked, no status) always sorts last.
 * Status sorts by urgency (out, low, in stock) and lifecycle from new to discontinued.
 */
export function sortValue(row: InventoryViewRow, column: ColumnId): string | number | undefined {
  switch (column) {
    case 'product':
      return row.nameRank;
    case 'category':
      return row.categoryRank;
    case 'par':
      return row.par;
    case 'lock':
      return row.parLocked ? (row.parLockedAt ?? '') : undefined;
    case 'lastCount':
      return row.lastCount?.countedAt;
    case 'stockStatus':
      return row.stockStatus === null ? undefined : STATUS_RANK[row.stockStatus];
    case 'backordered':
      return row.backordered ? 0 : 1;
    case 'lifecycle':
      return LIFECYCLE_RANK[row.lifecycle];
    case 'unitCost':
      return row.unitCost;
    case 'onHandValue':
      return row.onHandValue ?? undefined;
  }
}

/** The name columns, which read best A to Z; the rest largest or newest first. */
export const TEXT_COLUMNS: ReadonlySet<ColumnId> = new Set(['product', 'category']);

export function stockStatusText(row: InventoryViewRow): string {
  if (row.stockStatus === null) return 'Not counted';
  return STOCK_STATUS_LABELS[row.stockStatus];
}

export function stockSourceText(row: InventoryViewRow): string {
  if (row.stockSource === 'set') {
    const by = row.stockStatusOverride?.setBy;
    return by ? `Set by ${by}` : 'Set by hand';
  }
  return row.stockSource === 'count' ? 'From count' : '';
}

/**
 * "Count started 2026-11-20 (completed)" / "(not completed)": which count the value is from. The day is the café's
 * (decision 087): a count started at 20:00 in Los Angeles began that day, though UTC already says the next.
 */
export function countNameText(row: InventoryViewRow): string {
  const count = row.lastCount;
  if (!count) return '';
  const started = new Date(count.countStartedAt);
  const day = Number.isNaN(started.getTime())
    ? count.countStartedAt.slice(0, 10)
    : localTime(started, row.timeZone).day;
  return `Count started ${day} ${count.countCompletedAt ? '(completed)' : '(not completed)'}`;
}

export const CSV_HEADER = [
  'SKU',
  'Product',
  'Category',
  'Subcategory',
  'Unit',
  'PAR',
  'PAR locked',
  'Locked by',
  'Locked at',
  'Last count',
  'Counted by',
  'Counted at',
  'From count',
  'Stock status',
  'Stock status source',
  'Backordered',
  'Lifecycle',
  'Unit cost',
  'On-hand value',
] as const;

export function csvRow(row: InventoryViewRow): CsvCell[] {
  return [
    row.sku,
    row.productName,
    row.category,
    row.subcategory,
    row.unit,
    row.par,
    row.parLocked ? 'yes' : 'no',
    row.parLocked ? row.parLockedBy : null,
    row.parLocked ? row.parLockedAt : null,
    row.lastCount?.value ?? null,
    row.lastCount?.countedBy ?? null,
    row.lastCount?.countedAt ?? null,
    countNameText(row) || null,
    stockStatusText(row),
    stockSourceText(row) || null,
    row.backordered ? 'yes' : 'no',
    LIFECYCLE_LABELS[row.lifecycle],
    row.unitCost,
    row.onHandValue,
  ];
}

/** The CSV of exactly the given rows in the given order: pass the table's rows after filter, search and sort. */
export function inventoryCsv(rows: readonly InventoryViewRow[]): string {
  return toCsv(CSV_HEADER, rows.map(csvRow));
}
