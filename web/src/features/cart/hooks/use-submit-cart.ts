import type { Cart } from '@engine/cart-schemas.ts';
import type { OrderDetail } from '@engine/order-schemas.ts';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast.ts';
import { useSubmitOrder } from '@web/features/cart/api/submit-order.ts';
import { errorCodeOf } from '@web/lib/api-client.ts';
import { ApiRequestError, errorMessageForPerson } from '@web/lib/api-request.ts';
import { cartQueryKey } from '@web/lib/cart/cart-api.ts';
import { setTriggerStartNewCountAtom } from '@web/lib/storage/trigger-start-new-count.ts';
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';

const keyName = (locationId: number) => `parstock.submitOrderKey.${locationId}`;

function readKey(locationId: number): string | null {
  try {
    return window.sessionStorage.getItem(keyName(locationId));
  } catch {
    return null;
  }
}

function keepKey(locationId: number, key: string): void {
  try {
    window.sessionStorage.setItem(keyName(locationId), key);
  } catch {
    // Without session storage the key still lives for this attempt and its retries.
  }
}

function forgetKey(locationId: number): void {
  try {
    window.sessionStorage.removeItem(keyName(locationId));
  } catch {
    // Nothing was kept.
  }
}

/** A random key; randomUUID needs a secure context, so plain http on a LAN address falls back. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A refusal the server decided on (not a lost connection or a server fault): it made no order for the key. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/**
 * Submit Order. The Idempotency-Key is made when the person presses Submit and kept in session storage until
 * the order is confirmed, so a retry — automatic, a second click, or pressing again after a lost connection,
 * even after a reload — names the same submission and the server makes one order.
 *
 * A key still kept while the list shows empty is a submission whose answer was lost: the server may have made
 * the order and emptied the list. The hook then sends that submission again, as the key's retry, with an empty
 * list as the one shown: the server answers the order the key made, and with no such order it refuses
 * (`cart_empty`, or `cart_changed` for a list filled since), so asking never orders anything. The answer is
 * `submitted` with `recovered`, so the page names that order rather than only an empty list.
 */
export function useSubmitCart({
  locationId,
  cartEmpty,
  beforeSubmit,
}: {
  locationId: number;
  /** The list has loaded and holds nothing: with a key kept, its submission's order is asked for. */
  cartEmpty: boolean;
  /**
   * Saves what is still being typed, so the order holds exactly what the screen shows; false stops the
   * submission (the save failed and the screen says why).
   */
  beforeSubmit: () => Promise<boolean>;
}) {
  const submit = useSubmitOrder();
  const queryClient = useQueryClient();
  const setTrigger = useSetAtom(setTriggerStartNewCountAtom);
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState<OrderDetail | null>(null);
  /** `submitted` is the order of a submission whose answer was lost, found again. */
  const [recovered, setRecovered] = useState(false);
  // Whether the order started the café's next count: not when it was made by hand during a count (decision 119).
  const [countStarted, setCountStarted] = useState(true);
  /** The kept key last asked about: asked once per page, so a network that is still down is not asked in a loop. */
  const asked = useRef<string | null>(null);
  const [answeredKey, setAnsweredKey] = useState<string | null>(null);
  /** The "not submitted" toast of a lost answer, taken back when the order turns out to be made. */
  const failureToast = useRef<(() => void) | null>(null);
  const mutateAsync = submit.mutateAsync;

  const run = useCallback(
    async (note: string) => {
      // A second click before React re-renders the disabled button still ends here.
      if (inFlight.current) return;
      inFlight.current = true;
      setBusy(true);
      const idempotencyKey = readKey(locationId) ?? newIdempotencyKey();
      keepKey(locationId, idempotencyKey);
      try {
        if (!(await beforeSubmit())) return;
        // The list as the screen shows it once the typing is saved, with its prices: another phone's later edit,
        // or a price changed since, is not ordered unseen (the server answers cart_changed and the list reloads).
        const shown = queryClient.getQueryData<Cart>(cartQueryKey(locationId))?.lines ?? [];
        const expectedLines = shown.map(({ productId, quantity, unitCost }) => ({
          productId,
          quantity,
          unitCost,
        }));
        const { order, startNewCount } = await mutateAsync({
          locationId,
          note,
          idempotencyKey,
          expectedLines,
        });
        forgetKey(locationId);
        if (startNewCount) setTrigger();
        failureToast.current = null;
        setRecovered(false);
        setCountStarted(startNewCount);
        setSubmitted(order);
        toast({
          title: `Order ${order.number} submitted`,
          description: startNewCount
            ? 'It now waits for approval. The next count starts fresh.'
            : 'It now waits for approval.',
        });
      } catch (error) {
        if (isRefusal(error)) forgetKey(locationId);
        // An empty list may have just become an order elsewhere (decision 086): the server's message names it, and
        // nothing went wrong.
        const empty = errorCodeOf(error) === 'cart_empty';
        const changed = errorCodeOf(error) === 'cart_changed';
        const shown = toast({
          variant: empty ? 'default' : 'destructive',
          title: empty ? 'Nothing to submit' : changed ? 'The list changed' : 'The order was not submitted',
          description: errorMessageForPerson(error, 'The connection failed. Press Submit Order again.'),
        });
        failureToast.current = shown.dismiss;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [beforeSubmit, locationId, mutateAsync, queryClient, setTrigger],
  );

  // Read on each render: run() keeps and forgets the key, and a render follows each of its endings.
  const keptKey = cartEmpty && !busy && submitted === null ? readKey(locationId) : null;
  const checking = keptKey !== null && keptKey !== answeredKey;

  useEffect(() => {
    if (!checking || keptKey === null || asked.current === keptKey || inFlight.current) return;
    asked.current = keptKey;
    inFlight.current = true;
    void (async () => {
      try {
        // No note: a replay changes nothing, and a key that made no order makes none now either.
        const { order, startNewCount } = await mutateAsync({
          locationId,
          idempotencyKey: keptKey,
          expectedLines: [],
        });
        forgetKey(locationId);
        // The lost answer never set it: the count after this order starts fresh.
        if (startNewCount) setTrigger();
        failureToast.current?.();
        setRecovered(true);
        setSubmitted(order);
      } catch (error) {
        // Refused: the key made no order (the list was submitted another way, or is being filled again).
        if (isRefusal(error)) forgetKey(locationId);
      } finally {
        inFlight.current = false;
        setAnsweredKey(keptKey);
      }
    })();
  }, [checking, keptKey, locationId, mutateAsync, setTrigger]);

  return {
    submit: run,
    busy,
    /** A kept submission's order is being asked for: the empty list may be that order. */
    checking,
    submitted,
    recovered,
    countStarted,
    dismissSubmitted: () => setSubmitted(null),
  };
}
