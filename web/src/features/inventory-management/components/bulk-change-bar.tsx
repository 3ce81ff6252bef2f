import { LIFECYCLES, STOCK_STATUSES } from '@engine/api-schemas.ts';
import type { BulkInventoryChange } from '@engine/inventory-management.ts';
import { Button } from '@web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu.tsx';
import { plural } from '@web/lib/display-format.ts';
import { LIFECYCLE_LABELS, STOCK_STATUS_LABELS } from '@web/lib/product-labels.ts';
import { ChevronDown, Loader2 } from 'lucide-react';

export interface ProposedChange {
  change: BulkInventoryChange;
  /** "Lifecycle → Discontinued" */
  description: string;
}

function Menu({
  label,
  items,
  disabled,
  onPick,
}: {
  label: string;
  items: readonly ProposedChange[];
  disabled: boolean;
  onPick: (proposed: ProposedChange) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="h-10 flex-1 sm:flex-none" disabled={disabled}>
          {label}
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {items.map((item) => (
          <DropdownMenuItem key={item.description} onSelect={() => onPick(item)}>
            {item.description.split(' → ')[1]}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const LIFECYCLE_CHANGES: ProposedChange[] = LIFECYCLES.map((lifecycle) => ({
  change: { lifecycle },
  description: `Lifecycle → ${LIFECYCLE_LABELS[lifecycle]}`,
}));
const STATUS_CHANGES: ProposedChange[] = [
  ...STOCK_STATUSES.map((stockStatus) => ({
    change: { stockStatus },
    description: `Stock status → ${STOCK_STATUS_LABELS[stockStatus]}`,
  })),
  { change: { stockStatus: 'from_count' }, description: 'Stock status → From the last count' },
];
const BACKORDER_CHANGES: ProposedChange[] = [
  { change: { backordered: true }, description: 'Backordered → Mark backordered' },
  { change: { backordered: false }, description: 'Backordered → Not backordered' },
];

/** What can be done to the selected rows: one lifecycle, stock status or backordered value for all of them. */
export function BulkChangeBar({
  selected,
  busy,
  onPick,
  onClear,
}: {
  selected: number;
  busy: boolean;
  onPick: (proposed: ProposedChange) => void;
  onClear: () => void;
}) {
  return (
    <section
      aria-label="Change the selected products"
      className="flex flex-col gap-2 rounded-[var(--ui-card-radius,var(--radius))] border border-primary/40 bg-accent/40 p-2 sm:flex-row sm:items-center sm:gap-3 sm:px-3"
    >
      <p className="flex items-center gap-2 font-medium text-sm" aria-live="polite">
        {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
        {plural(selected, 'product')} selected
      </p>
      <div className="flex flex-wrap gap-2">
        <Menu label="Lifecycle" items={LIFECYCLE_CHANGES} disabled={busy} onPick={onPick} />
        <Menu label="Stock status" items={STATUS_CHANGES} disabled={busy} onPick={onPick} />
        <Menu label="Backordered" items={BACKORDER_CHANGES} disabled={busy} onPick={onPick} />
        <Button variant="ghost" className="h-10" disabled={busy} onClick={onClear}>
          Clear selection
        </Button>
      </div>
    </section>
  );
}
