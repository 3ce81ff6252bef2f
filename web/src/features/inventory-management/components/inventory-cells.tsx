import { Badge } from '@web/components/ui/badge.tsx';
import { formatMoney, formatQuantity } from '@web/lib/display-format.ts';
import { Lock } from 'lucide-react';
import { countNameText, stockSourceText, stockStatusText } from '../model/inventory-columns.ts';
import type { InventoryViewRow } from '../model/inventory-view.ts';

const MUTED = 'text-muted-foreground';

const dayThisYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const dayOtherYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const thisYear = new Date().getFullYear();

/** "Nov 24" this year, "Nov 24, 2025" before: the table has no room for the year it can imply. */
export function shortDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return (date.getFullYear() === thisYear ? dayThisYear : dayOtherYear).format(date);
}

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
      second={row.parLockedAt ? shortDate(row.parLockedAt) : undefined}
    />
  );
}

export function LastCountCell({ row }: { row: InventoryViewRow }) {
  const count = row.lastCount;
  if (!count) return <span className={MUTED}>Never counted</span>;
  return (
    <TwoLines
      first={
        <>
          <span className="font-medium tabular-nums">{formatQuantity(count.value)}</span>
          <span className={MUTED}> · {shortDate(count.countedAt)}</span>
        </>
      }
      second={[count.countedBy, count.countCompletedAt ? null : 'open count'].filter(Boolean).join(' · ')}
      title={`${countNameText(row)}${count.countedBy ? `, counted by ${count.countedBy}` : ''}`}
    />
  );
}

const STATUS_VARIANT = { out: 'destructive', low: 'warning', in_stock: 'secondary' } as const;

export function StockStatusBadge({ row }: { row: InventoryViewRow }) {
  return row.stockStatus === null ? null : (
    <Badge variant={STATUS_VARIANT[row.stockStatus]}>{stockStatusText(row)}</Badge>
  );
}

export function StockStatusCell({ row }: { row: InventoryViewRow }) {
  if (row.stockStatus === null) return <span className={MUTED}>Not counted</span>;
  return (
    <TwoLines
      first={<StockStatusBadge row={row} />}
      second={stockSourceText(row)}
      title={
        row.stockSource === 'set' && row.stockStatusOverride
          ? `${stockSourceText(row)} on ${shortDate(row.stockStatusOverride.setAt)}`
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

/**
 * The row's selection box. A plain checkbox: thousands of rows scroll past it, and the styled one costs a
 * state hook and a portal-free tree per row that the scroll would pay for on every frame.
 */
export function RowCheckbox({
  label,
  checked,
  onChange,
  className,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
      className={`size-5 shrink-0 cursor-pointer accent-primary ${className ?? ''}`}
    />
  );
}
