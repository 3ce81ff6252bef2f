import { useCallback, useMemo, useState } from 'react';

interface StoredCategory {
  index: number;
  /** The category's name when it was chosen: found again by it after an administrator reorders categories. */
  name?: string;
}

function readStored(key: string | undefined): StoredCategory {
  const raw = key ? sessionStorage.getItem(key) : null;
  if (!raw) return { index: 0 };
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed === 'number') return { index: parsed };
    if (parsed && typeof parsed === 'object' && 'index' in parsed) {
      const { index, name } = parsed as { index: unknown; name: unknown };
      return { index: Number(index) || 0, name: typeof name === 'string' ? name : undefined };
    }
  } catch {}
  return { index: 0 };
}

/**
 * Which category the screen shows. Moving on by Enter past the last item also asks the next category's
 * list to focus its first field; moving with the buttons or the progress bar brings the list into view. With
 * `remember`, the tab keeps the category through a reload, so a barista in Dairy is not sent back to the first —
 * by its name, so categories reordered meanwhile still open on Dairy, and by its place when it was renamed.
 * `categories`: their names in order, or how many there are when they have none to go by.
 */
export function useCategorySteps(categories: number | readonly string[], remember?: string) {
  const names = typeof categories === 'number' ? null : categories;
  const count = names ? names.length : (categories as number);
  const key = remember && `parstock.category.${remember}`;
  const [stored, setStored] = useState(() => readStored(key || undefined));
  const setIndex = useCallback(
    (next: number) => {
      const chosen = { index: next, name: names?.[next] };
      setStored(chosen);
      if (key) sessionStorage.setItem(key, JSON.stringify(chosen));
    },
    [key, names],
  );
  const [focusFirst, setFocusFirst] = useState(false);
  const [focusProduct, setFocusProduct] = useState<number | null>(null);
  const byName = stored.name !== undefined && names ? names.indexOf(stored.name) : -1;
  const current = byName >= 0 ? byName : Math.min(stored.index, Math.max(count - 1, 0));

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
