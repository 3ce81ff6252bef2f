import type { Row } from '@tanstack/react-table';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { useRef } from 'react';
import { useOffsetTop } from '../hooks/use-offset-top.ts';
import { type InventoryViewRow, LIFECYCLE_LABELS } from '../model/inventory-view.ts';
import {
  BackorderedCell,
  LastCountCell,
  LockCell,
  MoneyCell,
  ParCell,
  StockStatusCell,
} from './inventory-cells.tsx';

const CARD_HEIGHT = 196;
const CARD_GAP = 8;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

function InventoryCard({ row }: { row: Row<InventoryViewRow> }) {
  const item = row.original;
  return (
    <article
      aria-label={item.productName}
      data-state={row.getIsSelected() ? 'selected' : undefined}
      className="flex h-full flex-col gap-2 overflow-hidden rounded-[var(--ui-card-radius,var(--radius))] border border-border bg-card p-3 data-[state=selected]:border-primary/60 data-[state=selected]:bg-accent/40"
    >
      <div className="flex items-start gap-3">
        <Checkbox
          aria-label={`Select ${item.productName}`}
          checked={row.getIsSelected()}
          onCheckedChange={(checked) => row.toggleSelected(checked === true)}
          className="mt-0.5 size-5"
        />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{item.productName}</p>
          <p className="truncate text-muted-foreground text-xs">
            {[item.sku, item.category, item.unit].filter(Boolean).join(' · ')}
          </p>
        </div>
        <div className="w-28 shrink-0 text-right [&_*]:text-right">
          <StockStatusCell row={item} />
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-x-3 gap-y-2">
        <Field label="PAR">
          <ParCell row={item} />
        </Field>
        <Field label="Last count">
          <LastCountCell row={item} />
        </Field>
        <Field label="On hand">
          <MoneyCell amount={item.onHandValue} />
        </Field>
        <Field label="Lifecycle">{LIFECYCLE_LABELS[item.lifecycle]}</Field>
        <Field label="Lock">
          <LockCell row={item} />
        </Field>
        <Field label="Unit cost">
          <MoneyCell amount={item.unitCost} />
        </Field>
      </dl>
      {item.backordered ? (
        <div>
          <BackorderedCell row={item} />
        </div>
      ) : null}
    </article>
  );
}

/** On a phone each product is a card; only the cards near the screen are drawn, against the page's scroll. */
export function InventoryCards({
  rows,
  empty,
}: {
  rows: readonly Row<InventoryViewRow>[];
  empty: React.ReactNode;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const scrollMargin = useOffsetTop(listRef);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => CARD_HEIGHT,
    gap: CARD_GAP,
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  if (rows.length === 0) {
    return (
      <p className="rounded-md border border-border bg-card px-4 py-10 text-center text-muted-foreground">
        {empty}
      </p>
    );
  }
  return (
    <ul
      ref={listRef}
      aria-label="Products"
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        return row ? (
          <li
            key={item.key}
            className="absolute inset-x-0 top-0"
            style={{ height: CARD_HEIGHT, transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            <InventoryCard row={row} />
          </li>
        ) : null;
      })}
    </ul>
  );
}
