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

/** A PAR someone typed that the server did not keep: another device or an import set one typed later. */
export interface ParKeptElsewhere {
  productName: string;
  typed: number;
  kept: number;
  by: string | null;
}

/**
 * The PARs of a saved batch that came back other than sent. The server keeps the value typed last (decision
 * 062), so a PAR typed offline and sent after a later change elsewhere is answered with that later one; the
 * field then shows it, and the person should be told why their number went.
 */
export function parsKeptElsewhere(
  sent: readonly { itemId: number; value: ParEdit }[],
  stored: readonly {
    productId: number;
    productName: string;
    par: number;
    updatedBy: { name: string } | null;
  }[],
): ParKeptElsewhere[] {
  const storedOf = new Map(stored.map((state) => [state.productId, state]));
  return sent.flatMap(({ itemId, value }) => {
    const state = storedOf.get(itemId);
    if (value.par === undefined || !state || state.par === value.par) return [];
    return [
      {
        productName: state.productName,
        typed: value.par,
        kept: state.par,
        by: state.updatedBy?.name ?? null,
      },
    ];
  });
}
