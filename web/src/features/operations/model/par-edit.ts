import { LIFECYCLES, type Lifecycle, STOCK_STATUSES, type StockStatus } from '@engine/api-schemas.ts';

/** A Set PARs row's change: only the fields the person touched, merged while they wait to be sent. */
export interface ParEdit {
  par?: number;
  lifecycle?: Lifecycle;
  stockStatus?: StockStatus;
}

export function isParEdit(value: unknown): value is ParEdit {
  if (typeof value !== 'object' || value === null) return false;
  const { par, lifecycle, stockStatus, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return false;
  if (par === undefined && lifecycle === undefined && stockStatus === undefined) return false;
  return (
    (par === undefined || (typeof par === 'number' && Number.isFinite(par))) &&
    (lifecycle === undefined || (LIFECYCLES as readonly unknown[]).includes(lifecycle)) &&
    (stockStatus === undefined || (STOCK_STATUSES as readonly unknown[]).includes(stockStatus))
  );
}

export const mergeParEdits = (waiting: ParEdit, next: ParEdit): ParEdit => ({ ...waiting, ...next });
