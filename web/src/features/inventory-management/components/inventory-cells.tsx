import { Badge } from '@web/components/ui/badge.tsx';
import { formatDate, formatMoney, formatQuantity } from '@web/lib/display-format.ts';
import { Lock } from 'lucide-react';
import { countNameText, stockSourceText, stockStatusText } from '../model/inventory-columns.ts';
import type { InventoryViewRow } from '../model/inventory-view.ts';

const MUTED = 'text-muted-foreground';

export function Dash() {
  return <span className={MUTED}>—</span>;
}

export function TwoLines({
  first,
  second,
  title,
}: {
  first: React.ReactNode;
  second?: React.ReactNode;
  title?: string;
}) {
  return (
    <div className="min-w-0 leading-tight" title={title}>
      <div className="truncate">{first}</div>
      {second ? <div className="mt-0.5 truncate text-muted-foreground text-xs">{second}</div> : null}
    </div>
  );
}

export function ParCell({ row }: { row: InventoryViewRow }) {
  return (
    <span className="inline-flex items-center gap-1 tabular-nums">
      {formatQuantity(row.par)}
      {row.parLocked ? <Lock aria-label="locked" className="size-3.5 text-muted-foreground" /> : null}
    </span>
  );
}

export function LockCell({ row }: { row: InventoryViewRow }) {
  if (!row.parLocked) return <Dash />;
  return (
    <TwoLines
      first={row.parLockedBy ?? 'Locked'}
      second={row.parLockedAt ? formatDate(row.parLockedAt) : undefined}
    />
  );
}

export function LastCountCell({ row }: { row: InventoryViewRow }) {
  const count = row.lastCount;
  if (!count) return <span className={MUTED}>Never counted</span>;
  const who = count.countedBy ? ` · ${count.countedBy}` : '';
  return (
    <TwoLines
      first={
        <>
          <span className="font-medium tabular-nums">{formatQuantity(count.value)}</span>
          <span className={MUTED}> on {formatDate(count.countedAt)}</span>
        </>
      }
      second={`${count.countCompletedAt ? 'Completed count' : 'Open count'}${who}`}
      title={`${countNameText(row)}${who}`}
    />
  );
}

const STATUS_VARIANT = { out: 'destructive', low: 'warning', in_stock: 'secondary' } as const;

export function StockStatusCell({ row }: { row: InventoryViewRow }) {
  if (row.stockStatus === null) return <span className={MUTED}>Not counted</span>;
  return (
    <TwoLines
      first={<Badge variant={STATUS_VARIANT[row.stockStatus]}>{stockStatusText(row)}</Badge>}
      second={stockSourceText(row)}
      title={
        row.stockSource === 'set' && row.stockStatusOverride
          ? `${stockSourceText(row)} on ${formatDate(row.stockStatusOverride.setAt)}`
          : undefined
      }
    />
  );
}

export function BackorderedCell({ row }: { row: InventoryViewRow }) {
  return row.backordered ? (
    <Badge variant="outline" className="border-warning/60">
      Backordered
    </Badge>
  ) : (
    <Dash />
  );
}

export function MoneyCell({ amount }: { amount: number | null }) {
  return amount === null ? <Dash /> : <span className="tabular-nums">{formatMoney(amount)}</span>;
}
