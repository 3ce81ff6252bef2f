import type { CountSession, SaveCountItemsResponse } from '@engine/counting-schemas.ts';
import { useQueryClient } from '@tanstack/react-query';
import {
  followCountItemsOfOtherTabs,
  mergeCountItems,
} from '@web/features/operations/api/inventory-cache.ts';
import { saveCountItems } from '@web/features/operations/api/save-count-items.ts';
import { type CountValue, isCountValue } from '@web/features/operations/model/count-item-view.ts';
import { adoptEntries, parseOutbox } from '@web/lib/autosave/outbox-state.ts';
import {
  NO_SESSION,
  outboxKey,
  sharedBrowserStore,
  storedSessions,
} from '@web/lib/autosave/outbox-storage.ts';
import { useAutosaveQueue } from '@web/lib/autosave/use-autosave.ts';
import { useAutosaveSelection } from '@web/lib/autosave/use-autosave-selection.ts';
import { inventoryQueryKey } from '@web/lib/shared-reads/inventory.ts';
import { useEffect, useMemo, useState } from 'react';

/** A number typed into a count that has since been restarted elsewhere, waiting for the person's decision. */
export interface StaleCountEntry {
  productId: number;
  count: number | null;
}

/**
 * The outbox of Count Inventory: what was typed, kept per count session and sent in batches. Edits typed
 * before the café had a session join the one open now; edits typed into a session someone has since
 * restarted stay apart (`staleEntries`) until the person adopts or discards them (`settleStale`).
 */
export function useCountOutbox(input: {
  locationId: number;
  userId: number;
  /** The count session the inventory shows. */
  session: CountSession | null;
  /** The inventory is loaded and current, so `session` is the open one. */
  loaded: boolean;
  /** After each save the server took, with its answer (a save can reopen a completed count, decision 021). */
  onSaved?: (result: SaveCountItemsResponse) => void;
}) {
  const { locationId, userId, session, loaded } = input;
  const queryClient = useQueryClient();
  const sessionKey = session ? String(session.id) : NO_SESSION;
  const store = sharedBrowserStore();
  const scope = useMemo(
    () => ({ userId, locationId, operation: 'count_inventory' as const }),
    [userId, locationId],
  );
  const key = outboxKey({ ...scope, session: sessionKey });
  const sessionId = session?.id ?? null;
  const queue = useAutosaveQueue<CountValue, SaveCountItemsResponse>(key, isCountValue, {
    send: (entries, signal) =>
      saveCountItems(
        {
          locationId,
          sessionId,
          items: entries.map((entry) => ({
            productId: entry.itemId,
            ...entry.value,
            typedAt: entry.typedAt,
          })),
        },
        signal,
      ).then((result) => {
        // Shown (here and in the other tabs) before the outbox lets go of it: another tab sees the stored
        // value before its copy of the outbox loses the number it showed.
        mergeCountItems(queryClient, locationId, result.countSession, result.items);
        return result;
      }),
    onSaved: (result) => input.onSaved?.(result),
    onBlocked: (failure) => {
      if (failure.kind === 'session_changed') {
        void queryClient.invalidateQueries({ queryKey: inventoryQueryKey(locationId) });
      }
    },
  });

  useEffect(() => followCountItemsOfOtherTabs(queryClient), [queryClient]);

  // Edits typed before the café had a count session belong to whichever session is open now.
  const [leftoverVersion, setLeftoverVersion] = useState(0);
  useEffect(() => {
    if (!loaded || sessionKey === NO_SESSION) return;
    const noneKey = outboxKey({ ...scope, session: NO_SESSION });
    const early = parseOutbox(store.get(noneKey), isCountValue);
    if (early.entries.length === 0) return;
    store.set(key, JSON.stringify(adoptEntries(parseOutbox(store.get(key), isCountValue), early)));
    store.remove(noneKey);
    queue.reload();
  }, [loaded, sessionKey, scope, store, key, queue]);

  // Looked at again when saving stops (a count restarted elsewhere), not on every keystroke.
  const blocked = useAutosaveSelection(queue, (snapshot) => snapshot.blocked);
  const staleSessions = useMemo(() => {
    void blocked;
    void leftoverVersion;
    if (!loaded) return [];
    return storedSessions(store, scope).filter((one) => one !== sessionKey && one !== NO_SESSION);
  }, [loaded, store, scope, sessionKey, blocked, leftoverVersion]);
  const staleEntries = useMemo<StaleCountEntry[]>(
    () =>
      staleSessions.flatMap((one) =>
        parseOutbox(store.get(outboxKey({ ...scope, session: one })), isCountValue).entries.map((entry) => ({
          productId: entry.itemId,
          count: entry.value.count,
        })),
      ),
    [staleSessions, store, scope],
  );
  const settleStale = (adopt: boolean) => {
    let target = parseOutbox(store.get(key), isCountValue);
    for (const one of staleSessions) {
      const staleKey = outboxKey({ ...scope, session: one });
      if (adopt) target = adoptEntries(target, parseOutbox(store.get(staleKey), isCountValue));
      store.remove(staleKey);
    }
    if (adopt && target.entries.length > 0) store.set(key, JSON.stringify(target));
    queue.reload();
    setLeftoverVersion((version) => version + 1);
  };

  return { queue, staleEntries, settleStale };
}
