import { useCallback, useMemo, useState } from 'react';

/**
 * Which category the screen shows. Moving on by Enter past the last item also asks the next category's
 * list to focus its first field; moving with the buttons or the progress bar brings the list into view. With
 * `remember`, the tab keeps the category through a reload, so a barista in Dairy is not sent back to the first.
 */
export function useCategorySteps(count: number, remember?: string) {
  const key = remember && `parstock.category.${remember}`;
  const [index, setStoredIndex] = useState(() => (key && Number(sessionStorage.getItem(key))) || 0);
  const setIndex = useCallback(
    (next: number) => {
      setStoredIndex(next);
      if (key) sessionStorage.setItem(key, String(next));
    },
    [key],
  );
  const [focusFirst, setFocusFirst] = useState(false);
  const [focusProduct, setFocusProduct] = useState<number | null>(null);
  const current = Math.min(index, Math.max(count - 1, 0));

  const go = useCallback(
    (next: number) => {
      const target = Math.min(Math.max(next, 0), Math.max(count - 1, 0));
      setIndex(target);
      setFocusFirst(false);
      document.getElementById('operation-title')?.scrollIntoView({ block: 'start' });
    },
    [count, setIndex],
  );

  /** Enter on the last item: the next category, its first field focused; nothing after the last one. */
  const advanceFromEnd = useCallback(() => {
    if (current + 1 >= count) return;
    setIndex(current + 1);
    setFocusFirst(true);
  }, [current, count, setIndex]);

  const focused = useCallback(() => setFocusFirst(false), []);

  /** A search result: its category, with the cursor in its field once the row is drawn. */
  const jumpTo = useCallback(
    (next: number, productId: number) => {
      setIndex(Math.min(Math.max(next, 0), Math.max(count - 1, 0)));
      setFocusFirst(false);
      setFocusProduct(productId);
    },
    [count, setIndex],
  );
  const productFocused = useCallback(() => setFocusProduct(null), []);

  // One object while nothing in it changes, so a list given the steps need not render again for a keystroke.
  return useMemo(
    () => ({ current, go, advanceFromEnd, focusFirst, focused, jumpTo, focusProduct, productFocused }),
    [current, go, advanceFromEnd, focusFirst, focused, jumpTo, focusProduct, productFocused],
  );
}
