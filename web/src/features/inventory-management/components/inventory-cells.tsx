import { wallClockIn } from '@engine/zoned-clock.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { formatMoney, formatQuantity } from '@web/lib/display-format.ts';
import { Lock } from 'lucide-react';
import { stockStatusText } from '../model/inventory-columns.ts';
import type { InventoryViewRow } from '../model/inventory-view.ts';

const MUTED = 'text-muted-foreground';

/** One formatter per time zone, and the year it drops as "this year" there. */
const dayFormats = new Map<string, { format: Intl.DateTimeFormat; thisYear: string }>();

function dayFormatIn(timeZone: string | undefined) {
  const key = timeZone ?? '';
  let known = dayFormats.get(key);
  if (!known) {
    const format = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone,
    });
    known = { format, thisYear: `, ${wallClockIn(new Date(), timeZone).year}` };
    dayFormats.set(key, known);
  }
  return known;
}

/**
 * "Nov 24" this year, "Nov 24, 2025" before: the table has no room for the year it can imply. The day is the
 * café's (decision 007) when its zone is given, so a count at 23:30 there is not shown as the next day.
 */
export function shortDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const { format, thisYear } = dayFormatIn(timeZone);
  const day = format.format(date);
  return day.endsWith(thisYear) ? day.slice(0, -thisYear.length) : day;
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
      className={`size-6 shrink-0 cursor-pointer accent-primary ${className ?? ''}`}
    />
  );
}
