import { Badge } from '@web/components/ui/badge.tsx';
import { formatMoney, formatQuantity } from '@web/lib/display-format.ts';
import { LIFECYCLE_LABELS } from '@web/lib/product-labels.ts';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  type ColumnId,
  countNameText,
  stockSourceText,
  stockStatusText,
} from '../model/inventory-columns.ts';
import type { InventoryViewRow } from '../model/inventory-view.ts';
import { shortDate } from './inventory-cells.tsx';

/**
 * The table's cells, each as few elements as it can be: a scroll styles every element of the rows that come
 * into view, so each wrapper costs on every frame. The cell itself (a flex column) centres and stacks the
 * lines; a line is one span, plain text needs none.
 */

const MUTED = 'text-muted-foreground';
const SECOND_LINE = 'mt-0.5 truncate text-muted-foreground text-xs';
const DASH = <span className={MUTED}>—</span>;
const STATUS_VARIANT = { out: 'destructive', low: 'warning', in_stock: 'secondary' } as const;

function money(amount: number | null): ReactNode {
  return amount === null ? DASH : formatMoney(amount);
}

export function tableCellOf(id: ColumnId, row: InventoryViewRow): ReactNode {
  switch (id) {
    case 'product':
      return (
        <>
          <span className="truncate font-medium text-foreground" title={row.productName}>
            {row.productName}
          </span>
          <span className={SECOND_LINE}>{[row.sku, row.unit].filter(Boolean).join(' · ')}</span>
        </>
      );
    case 'category':
      return (
        <>
          <span className="truncate">{row.category}</span>
          {row.subcategory ? <span className={SECOND_LINE}>{row.subcategory}</span> : null}
        </>
      );
    case 'par':
      return row.parLocked ? (
        <span className="inline-flex items-center justify-end gap-1">
          {formatQuantity(row.par)}
          <Lock aria-label="locked" className="size-3.5 text-muted-foreground" />
        </span>
      ) : (
        formatQuantity(row.par)
      );
    case 'lock':
      // The column is muted (its cells mostly show a dash): the name is the one line in full colour.
      return row.parLocked ? (
        <>
          <span className="truncate text-foreground">{row.parLockedBy ?? 'Locked'}</span>
          {row.parLockedAt ? (
            <span className={SECOND_LINE}>{shortDate(row.parLockedAt, row.timeZone)}</span>
          ) : null}
        </>
      ) : (
        '—'
      );
    case 'lastCount': {
      const count = row.lastCount;
      if (!count) return <span className={MUTED}>Never counted</span>;
      const second = [
        count.countedBy,
        count.confirmed ? null : 'not confirmed',
        count.countCompletedAt ? null : 'open count',
      ]
        .filter(Boolean)
        .join(' · ');
      return (
        <>
          <span
            className="truncate"
            title={`${countNameText(row)}${count.countedBy ? `, counted by ${count.countedBy}` : ''}`}
          >
            {`${formatQuantity(count.value)} · ${shortDate(count.countedAt, row.timeZone)}`}
          </span>
          {second ? <span className={SECOND_LINE}>{second}</span> : null}
        </>
      );
    }
    case 'stockStatus': {
      if (row.stockStatus === null) return <span className={MUTED}>Not counted</span>;
      const source = stockSourceText(row);
      return (
        <>
          <Badge
            variant={STATUS_VARIANT[row.stockStatus]}
            title={
              row.stockSource === 'set' && row.stockStatusOverride
                ? `${source} on ${shortDate(row.stockStatusOverride.setAt, row.timeZone)}`
                : undefined
            }
          >
            {stockStatusText(row)}
          </Badge>
          {source ? <span className={SECOND_LINE}>{source}</span> : null}
        </>
      );
    }
    case 'backordered':
      return row.backordered ? (
        <Badge variant="outline" className="border-warning/60">
          Backordered
        </Badge>
      ) : (
        '—'
      );
    case 'lifecycle':
      return LIFECYCLE_LABELS[row.lifecycle];
    case 'unitCost':
      return money(row.unitCost);
    case 'onHandValue':
      return money(row.onHandValue);
  }
}
