import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useIsPhone, useOffsetTop } from '@web/lib/use-phone-layout.ts';
import { type RefObject, useRef } from 'react';

/** Requirements §3: lists of 15 or more rows are virtualized; shorter ones render whole. */
export const VIRTUALIZE_FROM = 15;
/** The space between cards on a phone, which the virtualizer must count as part of each row. */
const PHONE_CARD_GAP = 12;

/**
 * An admin list's rows drawn as they scroll into the window: `items` are the rows to draw, `before` and `after`
 * the heights of the spacer rows that stand for the others. A row is a 64 px line on a desk and a card of about
 * `phoneRowHeight` on a phone, measured once drawn. Shorter lists draw every row (`virtual` false).
 */
export function useVirtualRows<Row>({
  rows,
  keyOf,
  phoneRowHeight,
}: {
  rows: readonly Row[];
  keyOf: (row: Row) => number;
  phoneRowHeight: number;
}) {
  const bodyRef: RefObject<HTMLTableSectionElement | null> = useRef<HTMLTableSectionElement>(null);
  const phone = useIsPhone();
  const virtual = rows.length >= VIRTUALIZE_FROM;
  const scrollMargin = useOffsetTop(bodyRef, virtual);
  const virtualizer = useWindowVirtualizer({
    count: virtual ? rows.length : 0,
    estimateSize: () => (phone ? phoneRowHeight : 64),
    gap: phone ? PHONE_CARD_GAP : 0,
    overscan: 8,
    scrollMargin,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : keyOf(row);
    },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start - virtualizer.options.scrollMargin : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - virtualizer.options.scrollMargin) : 0;
  return { bodyRef, virtual, items, before, after, measure: virtualizer.measureElement };
}
