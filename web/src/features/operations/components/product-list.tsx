import {
  type GroupableProduct,
  type SubcategoryGroup,
  shouldVirtualize,
  VIRTUAL_LIST_HEIGHT,
} from '@engine/subcategory-groups.ts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { FOCUS_INDEX_ATTRIBUTE, type ListFocus, ListFocusContext } from './list-focus.ts';

type ListRow<P> =
  | { kind: 'header'; key: string; text: string }
  | { kind: 'item'; key: string; product: P; focusIndex: number };

const HEADER_HEIGHT = 44;

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
    <h3 className="flex h-11 items-end border-border border-b bg-muted/40 px-4 pb-2 font-medium text-muted-foreground text-xs uppercase tracking-wide">
      {text}
    </h3>
  );
}

/**
 * One category's products in their subcategory groups (engine order and headers). Lists of 15 or more are
 * virtualized in a 650 px scroll box (requirements §2, §9). Enter in an item's field moves focus to the next item's
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
}: {
  label: string;
  groups: readonly SubcategoryGroup<P>[];
  renderRow: (product: P, focusIndex: number) => ReactNode;
  estimateRowHeight: number;
  autoFocusFirst?: boolean;
  onAutoFocused?: () => void;
  onEndReached?: () => void;
}) {
  const rows = useMemo(() => flatten(groups), [groups]);
  const itemCount = rows.length - groups.length;
  const virtualize = shouldVirtualize(itemCount);
  const rowOfItem = useMemo(() => {
    const positions: number[] = [];
    rows.forEach((row, index) => {
      if (row.kind === 'item') positions[row.focusIndex] = index;
    });
    return positions;
  }, [rows]);

  const containerRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: virtualize ? rows.length : 0,
    getScrollElement: () => containerRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'header' ? HEADER_HEIGHT : estimateRowHeight),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 8,
  });

  const pending = useRef<number | null>(null);
  const tryFocus = useCallback((focusIndex: number): boolean => {
    const input = containerRef.current?.querySelector<HTMLInputElement>(
      `[${FOCUS_INDEX_ATTRIBUTE}="${focusIndex}"]`,
    );
    if (!input) return false;
    input.focus();
    return true;
  }, []);

  const focusItem = useCallback(
    (focusIndex: number) => {
      pending.current = null;
      if (tryFocus(focusIndex) || !virtualize) return;
      const row = rowOfItem[focusIndex];
      if (row === undefined) return;
      // The row is not rendered yet: scroll it into the window, then focus it once React has drawn it.
      virtualizer.scrollToIndex(row, { align: 'center' });
      pending.current = focusIndex;
      let frames = 0;
      const retry = () => {
        if (pending.current !== focusIndex) return;
        if (tryFocus(focusIndex)) {
          pending.current = null;
          return;
        }
        frames += 1;
        if (frames < 60) requestAnimationFrame(retry);
      };
      requestAnimationFrame(retry);
    },
    [tryFocus, virtualize, rowOfItem, virtualizer],
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

  if (!virtualize) {
    return (
      <ListFocusContext.Provider value={focus}>
        <section
          ref={containerRef}
          aria-label={label}
          className="overflow-hidden rounded-[var(--ui-card-radius,var(--radius))] border-[length:var(--ui-border-width,2px)] border-border bg-card"
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

  return (
    <ListFocusContext.Provider value={focus}>
      <section
        ref={containerRef}
        aria-label={label}
        data-virtualized=""
        style={{ height: VIRTUAL_LIST_HEIGHT }}
        className="max-h-[calc(100dvh-9rem)] overflow-y-auto overscroll-contain rounded-[var(--ui-card-radius,var(--radius))] border-[length:var(--ui-border-width,2px)] border-border bg-card"
      >
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 w-full"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {row.kind === 'header' ? (
                  <GroupHeader text={row.text} />
                ) : (
                  renderRow(row.product, row.focusIndex)
                )}
              </div>
            );
          })}
        </div>
      </section>
    </ListFocusContext.Provider>
  );
}
