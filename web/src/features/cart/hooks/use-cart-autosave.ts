import type { CartItemChange } from '@engine/cart-schemas.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { parseQuantity } from '@web/lib/parse-quantity.ts';
import { useSaveCartItems } from '@web/lib/queries/cart-items.ts';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Quiet time after the last keystroke before quantities are saved. */
export const CART_AUTOSAVE_DELAY_MS = 700;

export type CartSaveState = 'idle' | 'unsaved' | 'saving' | 'saved' | 'failed';

/**
 * Typed cart quantities, saved in batches a moment after typing stops (the server keeps the last change of
 * each product). Batches go one at a time, so an older batch never lands after a newer one. A typed 0 waits
 * for the field to be left, so a line does not vanish while someone is typing "0.5".
 */
export function useCartAutosave(locationId: number) {
  const save = useSaveCartItems(locationId);
  const [drafts, setDrafts] = useState<Readonly<Record<number, string>>>({});
  const [state, setState] = useState<CartSaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const pending = useRef(new Map<number, number>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const lastFailed = useRef(false);
  const mutateAsync = save.mutateAsync;

  const sendBatch = useCallback(async () => {
    if (pending.current.size === 0) return;
    const batch: CartItemChange[] = [...pending.current].map(([productId, quantity]) => ({
      productId,
      quantity,
    }));
    pending.current.clear();
    setState('saving');
    try {
      await mutateAsync(batch);
      // The server's value now shows, unless the person typed something else meanwhile.
      setDrafts((current) => {
        const next = { ...current };
        for (const item of batch) {
          const typed = next[item.productId];
          const check = typed === undefined ? null : parseQuantity(typed);
          if (check?.ok && check.quantity === item.quantity && !pending.current.has(item.productId)) {
            delete next[item.productId];
          }
        }
        return next;
      });
      lastFailed.current = false;
      setError(null);
      setState(pending.current.size > 0 ? 'unsaved' : 'saved');
    } catch (failure) {
      // A refused change (a product discontinued meanwhile) is shown and dropped: the list shows the
      // server's state again instead of retrying something that cannot succeed.
      setDrafts((current) => {
        const next = { ...current };
        for (const item of batch) if (!pending.current.has(item.productId)) delete next[item.productId];
        return next;
      });
      lastFailed.current = true;
      setError(errorMessageForPerson(failure, 'Your changes could not be saved. Try again.'));
      setState('failed');
    }
  }, [mutateAsync]);

  /**
   * Saves whatever is waiting now; resolves when every change typed so far has been answered, with whether
   * the last save went through.
   */
  const flush = useCallback(async (): Promise<boolean> => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    chain.current = chain.current.then(sendBatch);
    await chain.current;
    return !lastFailed.current;
  }, [sendBatch]);

  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void flush();
    }, CART_AUTOSAVE_DELAY_MS);
  }, [flush]);

  const change = useCallback(
    (productId: number, text: string) => {
      setDrafts((current) => ({ ...current, [productId]: text }));
      const check = parseQuantity(text);
      if (!check.ok) {
        pending.current.delete(productId);
        return;
      }
      pending.current.set(productId, check.quantity);
      setState('unsaved');
      if (check.quantity > 0) schedule();
    },
    [schedule],
  );

  /** Leaving a field saves its value at once (also a typed 0, which removes the line). */
  const commit = useCallback(
    (productId: number) => {
      if (pending.current.has(productId)) void flush();
    },
    [flush],
  );

  const remove = useCallback(
    (productId: number) => {
      setDrafts((current) => ({ ...current, [productId]: '0' }));
      pending.current.set(productId, 0);
      return flush();
    },
    [flush],
  );

  // Typed quantities are not lost when the person leaves the screen before the pause is over.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      if (pending.current.size > 0) void chain.current.then(sendBatch);
    },
    [sendBatch],
  );

  const invalidCount = Object.values(drafts).filter((text) => !parseQuantity(text).ok).length;
  const unsavedCount = pending.current.size;
  return { drafts, change, commit, remove, flush, state, error, invalidCount, unsavedCount };
}
