import type { Lifecycle, StockStatus } from '@engine/api-schemas.ts';

/** How a product's lifecycle and stock status read on every screen (Set PARs, Inventory Management, …). */

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
