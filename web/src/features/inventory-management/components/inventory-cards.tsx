import type { Row } from '@tanstack/react-table';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { formatQuantity } from '@web/lib/display-format.ts';
import { LIFECYCLE_LABELS } from '@web/lib/product-labels.ts';
import { useOffsetTop } from '@web/lib/use-phone-layout.ts';
import { memo, useRef } from 'react';
import { stockSourceText } from '../model/inventory-columns.ts';
import type { InventoryViewRow } from '../model/inventory-view.ts';
import { MoneyCell, ParCell, RowCheckbox, StockStatusBadge, shortDate } from './inventory-cells.tsx';

const CARD_HEIGHT = 156;
const CARD_GAP = 8;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="truncate text-sm">{children}</dd>
    </div>
  );
}

/** A product on a phone: what the table's columns say, in three short rows. */
const InventoryCard = memo(function InventoryCard({
  row,
  selected,
}: {
  row: Row<InventoryViewRow>;
  selected: boolean;
}) {
  const item = row.original;
  const count = item.lastCount;
  return (
    <article
      aria-label={item.productName}
      data-state={selected ? 'selected' : undefined}
      className="flex h-full flex-col gap-2 overflow-hidden rounded-[var(--ui-card-radius,var(--radius))] border border-border bg-card p-3 data-[state=selected]:border-primary/60 data-[state=selected]:bg-accent/40"
    >
      <div className="flex items-start gap-3">
        <RowCheckbox
          label={`Select ${item.productName}`}
          checked={selected}
          onChange={(checked) => row.toggleSelected(checked)}
          className="mt-0.5"
        />
        <div className="min-w-0 flex-1 leading-tight">
          <p className="truncate font-medium">{item.productName}</p>
          <p className="mt-0.5 truncate text-muted-foreground text-xs">
            {[item.sku, item.category].filter(Boolean).join(' · ')}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-0.5">
          {item.stockStatus === null ? (
            <span className="text-muted-foreground text-xs">Not counted</span>
          ) : (
            <StockStatusBadge row={item} />
          )}
          <span className="text-muted-foreground text-xs">
            {item.backordered ? 'Backordered' : stockSourceText(item)}
          </span>
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-x-3 gap-y-2">
        <Field label="PAR">
          <ParCell row={item} />
        </Field>
        <Field label="Last count">
          {count ? (
            <>
              <span className="font-medium tabular-nums">{formatQuantity(count.value)}</span>
              {/* Inline: the card's height is fixed for the virtual list. */}
              {count.confirmed ? null : <span className="text-amber-800 text-xs"> unconfirmed</span>}
              <span className="text-muted-foreground"> · {shortDate(count.countedAt, item.timeZone)}</span>
            </>
          ) : (
            <span className="text-muted-foreground">Never</span>
          )}
        </Field>
        <Field label="On hand">
          <MoneyCell amount={item.onHandValue} />
        </Field>
        <Field label="Lifecycle">{LIFECYCLE_LABELS[item.lifecycle]}</Field>
        <Field label="Unit cost">
          <MoneyCell amount={item.unitCost} />
        </Field>
        <Field label="Lock">
          {item.parLocked ? (
            <span title={item.parLockedBy ?? undefined}>
              {item.parLockedAt ? shortDate(item.parLockedAt, item.timeZone) : 'Locked'}
            </span>
          ) : (
            <span className="text-muted-foreground">—</span>
          )}
        </Field>
      </dl>
    </article>
  );
});

/** On a phone each product is a card; only the cards near the screen are drawn, against the page's scroll. */
export function InventoryCards({
  rows,
  empty,
}: {
  rows: readonly Row<InventoryViewRow>[];
  empty: React.ReactNode;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const scrollMargin = useOffsetTop(listRef, true);
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
  const items = virtualizer.getVirtualItems();
  return (
    // The cards follow one another in the list's flow from the first one's place (the list padded down to it and
    // as tall as every card), never absolutely placed: Chromium styled an absolutely placed row about ten times
    // slower than one in flow (decision 028). Scroll anchoring is off, as the virtualizer places the cards.
    <ul
      ref={listRef}
      aria-label="Products"
      className="flex flex-col [overflow-anchor:none]"
      style={{
        height: virtualizer.getTotalSize(),
        paddingTop: items[0] ? items[0].start - scrollMargin : 0,
        gap: CARD_GAP,
      }}
    >
      {items.map((item) => {
        const row = rows[item.index];
        return row ? (
          <li key={item.key} className="shrink-0" style={{ height: CARD_HEIGHT }}>
            <InventoryCard row={row} selected={row.getIsSelected()} />
          </li>
        ) : null;
      })}
    </ul>
  );
}
