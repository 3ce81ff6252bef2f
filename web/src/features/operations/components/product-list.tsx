import {
  type GroupableProduct,
  type SubcategoryGroup,
  shouldVirtualize,
  VIRTUAL_LIST_HEIGHT,
} from '@engine/subcategory-groups.ts';
import { useVirtualizer, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useIsPhone, useOffsetTop } from '@web/lib/use-phone-layout.ts';
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { FOCUS_INDEX_ATTRIBUTE, type ListFocus, ListFocusContext } from './list-focus.ts';

type ListRow<P> =
  | { kind: 'header'; key: string; text: string }
  | { kind: 'item'; key: string; product: P; focusIndex: number };

const HEADER_HEIGHT = 44;
const PHONE_HEADER_HEIGHT = 28;

/** The box is at most the window less this (its `max-h-[calc(100dvh-9rem)]`, at the usual 16 px a rem)... */
const BOX_WINDOW_MARGIN = 9 * 16;
/** ...and its rows have its height less its two borders (`--ui-border-width`, 2 px unless a style changes it). */
const BOX_BORDERS = 2 * 2;

/**
 * The height the box's rows will have, before it is there to measure: VIRTUAL_LIST_HEIGHT, or less on a window too
 * short for it (a laptop's browser). A first render sized for more drew rows the measured box then dropped, and so
 * drew the list a second time in the task a start waits for.
 */
function expectedBoxHeight(): number {
  return Math.min(VIRTUAL_LIST_HEIGHT, window.innerHeight - BOX_WINDOW_MARGIN) - BOX_BORDERS;
}

function flatten<P extends GroupableProduct & { id: number }>(
  groups: readonly SubcategoryGroup<P>[],
): ListRow<P>[] {
  const rows: ListRow<P>[] = [];
  let focusIndex = 0;
  for (const group of groups) {
    rows.push({ kind: 'header', key: `group:${group.subcategory ?? ''}`, text: group.header });
    for (const product of group.products) {
      rows.push({ kind: 'item', key: `product:${product.id}`, product, focusIndex: focusIndex++ });
    }
  }
  return rows;
}

function GroupHeader({ text }: { text: string }) {
  return (
    <h3 className="flex h-7 items-end border-border border-b bg-muted/40 px-3 pb-1 font-medium text-muted-foreground text-xs uppercase tracking-wide sm:h-11 sm:px-4 sm:pb-2">
      {text}
    </h3>
  );
}

/** A row's height on a phone, where name, details and controls share one compact line. */
const PHONE_ROW_HEIGHT = 56;

/**
 * One category's products in their subcategory groups (engine order and headers). Lists of 15 or more are
 * virtualized in a 650 px scroll box on wide screens (requirements §2, §9); on a phone a box inside the page
 * would leave a few rows between the toolbar and the bottom bar, so the list is virtualized against the page's
 * own scroll, its subcategory headers sticking under the category name. Enter in an item's field moves focus to the next item's
 * field across groups — scrolling a virtualized row into existence first — and past the last item hands
 * over to `onEndReached` (the next category).
 */
export function ProductList<P extends GroupableProduct & { id: number }>({
  label,
  groups,
  renderRow,
  estimateRowHeight,
  autoFocusFirst = false,
  onAutoFocused,
  onEndReached,
  focusProductId = null,
  onProductFocused,
}: {
  label: string;
  groups: readonly SubcategoryGroup<P>[];
  renderRow: (product: P, focusIndex: number) => ReactNode;
  estimateRowHeight: number;
  autoFocusFirst?: boolean;
  onAutoFocused?: () => void;
  onEndReached?: () => void;
  /** A product to focus once its row is drawn (a search result); `onProductFocused` says it was. */
  focusProductId?: number | null;
  onProductFocused?: () => void;
}) {
  const rows = useMemo(() => flatten(groups), [groups]);
  const itemCount = rows.length - groups.length;
  const phone = useIsPhone();
  const virtualize = shouldVirtualize(itemCount);
  const mode = !virtualize ? 'plain' : phone ? 'window' : 'box';
  const rowOfItem = useMemo(() => {
    const positions: number[] = [];
    rows.forEach((row, index) => {
      if (row.kind === 'item') positions[row.focusIndex] = index;
    });
    return positions;
  }, [rows]);

  const containerRef = useRef<HTMLElement>(null);
  const estimateSize = (index: number) =>
    rows[index]?.kind === 'header'
      ? phone
        ? PHONE_HEADER_HEIGHT
        : HEADER_HEIGHT
      : phone
        ? PHONE_ROW_HEIGHT
        : estimateRowHeight;
  const getItemKey = (index: number) => rows[index]?.key ?? index;
  const boxVirtualizer = useVirtualizer({
    // A scroll step renders its new rows in React's next task rather than inside the scroll (or the Enter that
    // scrolled): with thousands of rows the synchronous render made every step a long task on a slow tablet.
    useFlushSync: false,
    count: mode === 'box' ? rows.length : 0,
    getScrollElement: () => containerRef.current,
    estimateSize,
    getItemKey,
    overscan: 8,
    // The box's height is known before it is measured: the first commit draws the rows that fill it, instead of
    // none (a 0 px box) and the list drawn again once measured, in the same task a start waits for.
    initialRect: { width: 0, height: expectedBoxHeight() },
  });
  const scrollMargin = useOffsetTop(containerRef, mode === 'window');
  const windowVirtualizer = useWindowVirtualizer({
    useFlushSync: false,
    count: mode === 'window' ? rows.length : 0,
    scrollMargin,
    estimateSize,
    getItemKey,
    overscan: 8,
    // The window's size is known before it is observed. With it, the first commit draws the rows from the list's
    // start down to a window below it, where the list's place on the page is not measured yet; those include the
    // rows in sight. Otherwise that commit drew none, and the first field could not take focus until a later one.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  const virtualizer = mode === 'window' ? windowVirtualizer : boxVirtualizer;
  const itemKeyOfProduct = useMemo(() => {
    const byProduct = new Map<number, number>();
    for (const row of rows) if (row.kind === 'item') byProduct.set(row.product.id, row.focusIndex);
    return byProduct;
  }, [rows]);

  const pending = useRef<number | null>(null);
  const tryFocus = useCallback((focusIndex: number): boolean => {
    const input = containerRef.current?.querySelector<HTMLInputElement>(
      `[${FOCUS_INDEX_ATTRIBUTE}="${focusIndex}"]`,
    );
    if (!input || input.disabled) return false;
    input.focus();
    return true;
  }, []);

  const focusItem = useCallback(
    (focusIndex: number) => {
      pending.current = null;
      if (mode === 'plain') {
        tryFocus(focusIndex);
        return;
      }
      const row = rowOfItem[focusIndex];
      if (row === undefined) return;
      const field = () =>
        containerRef.current?.querySelector<HTMLInputElement>(`[${FOCUS_INDEX_ATTRIBUTE}="${focusIndex}"]`);
      // Drawn already: focused at once, so Enter moves on without waiting for a frame. Not drawn yet: scrolled into
      // the window, then focused once React has drawn it.
      let focused = tryFocus(focusIndex);
      if (!focused) virtualizer.scrollToIndex(row, { align: 'center' });
      pending.current = focusIndex;
      // A row drawn only by the first commit's guess of the scroll (a search result far down a phone's list) is
      // taken away when the virtualizer reads the real scroll, and the focus with it: the field is focused again
      // once it is back, unless the person has put the focus somewhere else meanwhile.
      let frames = 0;
      const settle = () => {
        if (pending.current !== focusIndex) return;
        const input = field();
        const active = document.activeElement;
        if (input && active === input && frames >= 2) {
          pending.current = null;
          return;
        }
        if (input && active !== input) {
          // Focused once and now elsewhere, not lost with its row: the person moved on.
          if (focused && active && active !== document.body) {
            pending.current = null;
            return;
          }
          focused = tryFocus(focusIndex) || focused;
        }
        frames += 1;
        if (frames < 60) requestAnimationFrame(settle);
        else pending.current = null;
      };
      requestAnimationFrame(settle);
    },
    [tryFocus, mode, rowOfItem, virtualizer],
  );

  const focus = useMemo<ListFocus>(
    () => ({
      focusNext: (focusIndex) => {
        if (focusIndex + 1 < itemCount) focusItem(focusIndex + 1);
        else onEndReached?.();
      },
    }),
    [focusItem, itemCount, onEndReached],
  );

  useEffect(() => {
    if (!autoFocusFirst || itemCount === 0) return;
    focusItem(0);
    onAutoFocused?.();
  }, [autoFocusFirst, itemCount, focusItem, onAutoFocused]);

  useEffect(() => {
    if (focusProductId === null) return;
    const focusIndex = itemKeyOfProduct.get(focusProductId);
    if (focusIndex === undefined) return;
    focusItem(focusIndex);
    onProductFocused?.();
  }, [focusProductId, itemKeyOfProduct, focusItem, onProductFocused]);

  if (mode === 'plain') {
    return (
      <ListFocusContext.Provider value={focus}>
        <section
          ref={containerRef}
          aria-label={label}
          className="-mx-4 overflow-hidden border-border border-y bg-card sm:mx-0 sm:rounded-[var(--ui-card-radius,var(--radius))] sm:border-[length:var(--ui-border-width,2px)]"
        >
          {rows.map((row) =>
            row.kind === 'header' ? (
              <GroupHeader key={row.key} text={row.text} />
            ) : (
              <div key={row.key}>{renderRow(row.product, row.focusIndex)}</div>
            ),
          )}
        </section>
      </ListFocusContext.Provider>
    );
  }

  if (mode === 'window') {
    return (
      <ListFocusContext.Provider value={focus}>
        <section
          ref={containerRef}
          aria-label={label}
          data-virtualized="window"
          className="-mx-4 border-border border-y bg-card"
        >
          <VirtualRows
            virtualizer={windowVirtualizer}
            rows={rows}
            renderRow={renderRow}
            offset={windowVirtualizer.options.scrollMargin}
          />
        </section>
      </ListFocusContext.Provider>
    );
  }

  return (
    <ListFocusContext.Provider value={focus}>
      <section
        ref={containerRef}
        aria-label={label}
        data-virtualized=""
        style={{ height: VIRTUAL_LIST_HEIGHT }}
        className="max-h-[calc(100dvh-9rem)] overflow-y-auto overscroll-contain rounded-[var(--ui-card-radius,var(--radius))] border-[length:var(--ui-border-width,2px)] border-border bg-card"
      >
        <VirtualRows virtualizer={boxVirtualizer} rows={rows} renderRow={renderRow} offset={0} />
      </section>
    </ListFocusContext.Provider>
  );
}

/**
 * The rows of either virtualizer, each measured, following one another in normal flow from the first one's place:
 * the block is as tall as every row together and padded down to the first row drawn; `offset` is where the list
 * begins in the virtualizer's scroll (the page's scroll for the window virtualizer, 0 inside the box). Rows are
 * not absolutely placed: Chromium styled each absolutely placed row about ten times slower than one in flow
 * (decision 028), which made the style work of a scroll frame the largest part of it. Scroll anchoring is off for
 * the rows, as the virtualizer keeps the scroll position itself when a row above the view changes height.
 */
function VirtualRows<P>({
  virtualizer,
  rows,
  renderRow,
  offset,
}: {
  virtualizer: Virtualizer<Window, Element> | Virtualizer<HTMLElement, Element>;
  rows: readonly ListRow<P>[];
  renderRow: (product: P, focusIndex: number) => ReactNode;
  offset: number;
}) {
  const items = virtualizer.getVirtualItems();
  const firstStart = items[0] ? items[0].start - offset : 0;
  return (
    <div
      className="w-full [overflow-anchor:none]"
      style={{ height: virtualizer.getTotalSize(), paddingTop: firstStart }}
    >
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <div key={item.key} data-index={item.index} ref={virtualizer.measureElement}>
            {row.kind === 'header' ? <GroupHeader text={row.text} /> : renderRow(row.product, row.focusIndex)}
          </div>
        );
      })}
    </div>
  );
}
