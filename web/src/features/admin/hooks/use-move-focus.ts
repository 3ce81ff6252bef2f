import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Keeps keyboard focus on an item that just moved. After a move the list re-renders with the item
 * elsewhere; this focuses the same button of that item again, or its other arrow when the pressed one is
 * now disabled (the item reached an end), so arrowing an item along never drops focus to the page.
 */
export function useMoveFocus<T extends HTMLElement>() {
  const container = useRef<T>(null);
  const pending = useRef<{ key: string; direction: 'up' | 'down' } | null>(null);

  useLayoutEffect(() => {
    const want = pending.current;
    if (!want || !container.current) return;
    pending.current = null;
    const find = (direction: 'up' | 'down') =>
      container.current?.querySelector<HTMLButtonElement>(
        `[data-move-key="${CSS.escape(`${want.key}:${direction}`)}"]`,
      );
    const same = find(want.direction);
    const other = find(want.direction === 'up' ? 'down' : 'up');
    (same && !same.disabled ? same : other)?.focus();
  });

  const remember = useCallback((key: string, direction: -1 | 1) => {
    pending.current = { key, direction: direction === -1 ? 'up' : 'down' };
  }, []);

  return { container, remember };
}
