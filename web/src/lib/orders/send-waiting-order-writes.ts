import { hydrate, type QueryClient } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import type { KeptWrite } from '@web/lib/offline/waiting-writes.ts';
import { BULK_APPROVE } from './bulk-approve.ts';
import { CORRECT_RECEIPT, RECEIVE_DELIVERY, UNDO_RECEIPT } from './deliveries.ts';
import { EDIT_ORDER_LINES } from './edit-order-lines.ts';
import { ORDER_ACTION } from './order-action.ts';
import { orderFailureToast } from './order-changed.ts';
import { type OrderWrite, orderWriteOptions } from './order-write.ts';
import { type WaitedWriteOutcome, waitedWritesToast } from './waited-writes-toast.ts';

/** Every order write that may wait on the device for the network, found by its name when sent again. */
const WAITING_ORDER_WRITES: readonly OrderWrite<unknown, never>[] = [
  RECEIVE_DELIVERY,
  CORRECT_RECEIPT,
  UNDO_RECEIPT,
  ORDER_ACTION,
  BULK_APPROVE,
  EDIT_ORDER_LINES,
];

/** A refusal as the write's own screen would have told it (an order changed meanwhile, a version already there). */
function refusal(error: unknown, told: KeptWrite['meta']): WaitedWriteOutcome {
  if (!told.order) return { ok: false, title: told.failed, reason: errorMessageForPerson(error) };
  const shown = orderFailureToast(error, told.order, told.failed);
  // "Order … is already approved": what was asked is so, by another hand or by this write's earlier try.
  return {
    ok: shown.variant !== 'destructive',
    title: String(shown.title),
    reason: String(shown.description ?? ''),
  };
}

/**
 * Sends the order writes a closed or reloaded page left waiting on the device (decision 095): each is put back
 * into the query client as a paused write, with its function found by name, and goes when the network is there
 * (now, or when it returns). Their screens are gone, so one toast tells what went once all are answered. A write
 * whose name this version no longer knows is dropped, as the server could not be asked the same thing.
 */
export function sendWaitingOrderWrites(queryClient: QueryClient, writes: readonly KeptWrite[]): void {
  for (const write of WAITING_ORDER_WRITES) {
    const options = orderWriteOptions(write, queryClient);
    queryClient.setMutationDefaults(options.mutationKey, options);
  }
  const known = new Set(WAITING_ORDER_WRITES.map((write) => write.name));
  const sendable = writes.filter((write) => known.has(String(write.mutationKey[1])));
  const cache = queryClient.getMutationCache();
  const before = new Set(cache.getAll());
  hydrate(queryClient, { mutations: sendable, queries: [] });
  const restored = new Set(
    cache
      .getAll()
      .filter((mutation) => !before.has(mutation))
      .map((mutation) => mutation.mutationId),
  );
  if (restored.size === 0) return;
  // Told together once every one is answered: the app shows one toast at a time.
  const outcomes: WaitedWriteOutcome[] = [];
  const stop = cache.subscribe((event) => {
    if (event.type !== 'updated' || !restored.has(event.mutation.mutationId)) return;
    const { mutation, action } = event;
    const told = mutation.meta as unknown as KeptWrite['meta'];
    if (action.type === 'success') {
      restored.delete(mutation.mutationId);
      outcomes.push({ ok: true, title: told.done });
    } else if (action.type === 'error') {
      restored.delete(mutation.mutationId);
      outcomes.push(refusal(action.error, told));
    }
    if (restored.size > 0) return;
    stop();
    const summary = waitedWritesToast(outcomes);
    if (summary) toast(summary);
  });
  void queryClient.resumePausedMutations();
}
