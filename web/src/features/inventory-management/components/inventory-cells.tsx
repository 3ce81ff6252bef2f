import { Badge } from '@web/components/ui/badge.tsx';
import { formatMoney, formatQuantity } from '@web/lib/display-format.ts';
import { Lock } from 'lucide-react';
import { stockStatusText } from '../model/inventory-columns.ts';
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

function Dash() {
  return <span className={MUTED}>—</span>;
}

export function ParCell({ row }: { row: InventoryViewRow }) {
  return (
    <span className="inline-flex items-center gap-1 tabular-nums">
      {formatQuantity(row.par)}
      {row.parLocked ? <Lock aria-label="locked" className="size-3.5 text-muted-foreground" /> : null}
    </span>
  );
}

const STATUS_VARIANT = { out: 'destructive', low: 'warning', in_stock: 'secondary' } as const;

export function StockStatusBadge({ row }: { row: InventoryViewRow }) {
  return row.stockStatus === null ? null : (
    <Badge variant={STATUS_VARIANT[row.stockStatus]}>{stockStatusText(row)}</Badge>
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
