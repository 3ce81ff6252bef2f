import { useCartAutosave } from '@web/lib/cart/use-cart-autosave.ts';
import { parseQuantity } from '@web/lib/parse-quantity.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

export type CartSaveState = 'idle' | 'unsaved' | 'saving' | 'saved' | 'failed';

/**
 * View Cart's typed quantities over the cart autosave the Shopping List uses too. The text typed stays in
 * the field until the cart holds it; what the server would refuse is not sent and blocks submitting. A
 * typed 0 waits for the field to be left, so a line does not vanish while someone is typing "0.5". A
 * refused edit shows the server's message and the line goes back to what is stored.
 */
export function useCartEdits({ userId, locationId }: { userId: number; locationId: number }) {
  const { queue, snapshot, record } = useCartAutosave({ userId, locationId });
  const [typed, setTyped] = useState<Readonly<Record<number, string>>>({});
  const typedNow = useRef(typed);
  typedNow.current = typed;
  /** Products whose typed text is in the outbox; the others still wait (a typed 0) or cannot be sent. */
  const recorded = useRef(new Set<number>());
  /**
   * The fields in use: the quantity stored when each took the focus, and whether a keystroke has been sent since.
   * Keystrokes go to the outbox as they are typed, so "99999" is on its way when "999999" turns the text invalid:
   * the quantity from before is then sent back, and the list never keeps one the person only passed through.
   */
  const editing = useRef(new Map<number, { before: number; sent: boolean }>());

  const send = useCallback(
    (productId: number, quantity: number) => {
      recorded.current.add(productId);
      const edit = editing.current.get(productId);
      if (edit) edit.sent = true;
      record(productId, quantity);
    },
    [record],
  );

  const begin = useCallback((productId: number, stored: number) => {
    editing.current.set(productId, { before: stored, sent: false });
  }, []);

  // A sent draft goes once the cart stored it or refused it: the field then shows what is stored.
  useEffect(() => {
    setTyped((current) => {
      let next: Record<number, string> | null = null;
      for (const id of Object.keys(current)) {
        const productId = Number(id);
        const entry = snapshot.entries.get(productId);
        if (recorded.current.has(productId) && (!entry || entry.refused !== undefined)) {
          recorded.current.delete(productId);
          next ??= { ...current };
          delete next[productId];
        }
      }
      return next ?? current;
    });
  }, [snapshot.entries]);

  const change = useCallback(
    (productId: number, text: string) => {
      setTyped((current) => ({ ...current, [productId]: text }));
      const check = parseQuantity(text);
      if (check.ok && check.quantity > 0) {
        send(productId, check.quantity);
        return;
      }
      recorded.current.delete(productId);
      const edit = editing.current.get(productId);
      if (!check.ok && edit?.sent) {
        // Not `send`: the invalid text stays in the field, with its reason, until it is fixed.
        record(productId, edit.before);
        edit.sent = false;
      }
    },
    [send, record],
  );

  /** Leaving a field saves its value at once, also a typed 0, which removes the line. */
  const commit = useCallback(
    (productId: number) => {
      const text = typedNow.current[productId];
      const check = text === undefined ? null : parseQuantity(text);
      if (check?.ok && check.quantity === 0) {
        send(productId, 0);
        queue.flushNow();
      } else if (snapshot.entries.has(productId)) {
        queue.flushNow();
      }
    },
    [queue, send, snapshot.entries],
  );

  const remove = useCallback(
    (productId: number) => {
      setTyped((current) => ({ ...current, [productId]: '0' }));
      send(productId, 0);
      return queue.drain();
    },
    [queue, send],
  );

  /** Saves whatever is waiting now; resolves with whether every change typed so far is stored. */
  const flush = useCallback(() => {
    for (const [id, text] of Object.entries(typedNow.current)) {
      const check = parseQuantity(text);
      if (check.ok && check.quantity === 0 && !recorded.current.has(Number(id))) send(Number(id), 0);
    }
    return queue.drain();
  }, [queue, send]);

  const drafts = useMemo(() => {
    const shown: Record<number, string> = { ...typed };
    for (const [productId, entry] of snapshot.entries) {
      if (shown[productId] === undefined && entry.refused === undefined && entry.value.quantity !== null) {
        shown[productId] = String(entry.value.quantity);
      }
    }
    return shown;
  }, [typed, snapshot.entries]);

  const refusal = [...snapshot.entries.values()].find((entry) => entry.refused !== undefined)?.refused;
  const error = refusal ?? snapshot.blocked?.message ?? (snapshot.failing ? snapshot.lastError : null);
  const state: CartSaveState =
    snapshot.saving > 0
      ? 'saving'
      : error
        ? 'failed'
        : snapshot.pending > 0
          ? 'unsaved'
          : snapshot.savedAt !== null
            ? 'saved'
            : 'idle';
  const invalidCount = Object.values(typed).filter((text) => !parseQuantity(text).ok).length;
  return {
    drafts,
    begin,
    change,
    commit,
    remove,
    flush,
    state,
    error,
    invalidCount,
    unsavedCount: snapshot.pending + snapshot.refused,
    /** Refused changes are not retried on their own; the person reads why, then sends them again or dismisses them. */
    canDismiss: refusal !== undefined,
    dismissRefused: () => queue.dismissRefused(),
    retryRefused: () => queue.retryRefused(),
  };
}
