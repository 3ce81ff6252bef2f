import type { NightlyCountResponse, SaveNightlyItemsResponse } from '@engine/counting-schemas.ts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { nightlyCountQueryKey } from '@web/features/operations/api/nightly-count.ts';
import { saveNightlyItems } from '@web/features/operations/api/save-nightly-items.ts';
import { type CountValue, isCountValue } from '@web/features/operations/model/count-item-view.ts';
import { withItemsMerged } from '@web/features/operations/model/item-lookup.ts';
import type { OutboxEntry } from '@web/lib/autosave/outbox-state.ts';
import { outboxKey, sharedBrowserStore, storedSessions } from '@web/lib/autosave/outbox-storage.ts';
import { useAutosave } from '@web/lib/autosave/use-autosave.ts';
import { keepSavedItemsLater } from '@web/lib/offline/offline-copies-later.ts';

function sendNightly(locationId: number, date: string) {
  return (entries: readonly OutboxEntry<CountValue>[], signal: AbortSignal) =>
    saveNightlyItems(
      {
        locationId,
        date,
        items: entries.map((entry) => ({ productId: entry.itemId, ...entry.value, typedAt: entry.typedAt })),
      },
      signal,
    );
}

/**
 * Into today's read and the read of that date (a late entry), whichever holds the saved day, and into their
 * copies kept for use with no network (decision 074).
 */
function mergeNightly(queryClient: QueryClient, locationId: number, result: SaveNightlyItemsResponse): void {
  for (const queryKey of [
    nightlyCountQueryKey(locationId),
    nightlyCountQueryKey(locationId, result.businessDate),
  ]) {
    void queryClient.cancelQueries({ queryKey, exact: true });
    queryClient.setQueryData<NightlyCountResponse>(queryKey, (current) => {
      if (!current || current.businessDate !== result.businessDate) return current;
      return {
        ...current,
        nightlyCount: result.nightlyCount,
        items: withItemsMerged(current.items, result.items, (_, saved) => saved),
      };
    });
  }
  keepSavedItemsLater({
    path: '/api/nightly-counts',
    locationId,
    businessDate: result.businessDate,
    nightlyCount: result.nightlyCount,
    items: result.items,
  });
}

const scopeOf = (locationId: number, userId: number) => ({
  userId,
  locationId,
  operation: 'nightly_counts' as const,
});

/**
 * The outbox of Nightly Counts, kept per business date (null while the day is loading). `earlierDays`
 * are dates with edits still waiting from before (say, typed offline last night); each is sent by
 * `useEarlierNightlyOutbox` for its own date.
 */
export function useNightlyOutbox(input: { locationId: number; userId: number; businessDate: string | null }) {
  const { locationId, userId, businessDate } = input;
  const queryClient = useQueryClient();
  const scope = scopeOf(locationId, userId);
  const key = outboxKey({ ...scope, session: businessDate ?? 'today' });
  const { queue, snapshot } = useAutosave<CountValue, SaveNightlyItemsResponse>(key, isCountValue, {
    send: businessDate
      ? sendNightly(locationId, businessDate)
      : () => Promise.reject(new TypeError('Not loaded')),
    onSaved: (result) => mergeNightly(queryClient, locationId, result),
  });
  const earlierDays = businessDate
    ? storedSessions(sharedBrowserStore(), scope).filter((date) => date !== businessDate && date !== 'today')
    : [];
  return { queue, snapshot, earlierDays };
}

/** Sends what is still waiting from an earlier business date, for that date. */
export function useEarlierNightlyOutbox(input: { locationId: number; userId: number; date: string }) {
  const { locationId, userId, date } = input;
  const key = outboxKey({ ...scopeOf(locationId, userId), session: date });
  useAutosave<CountValue, SaveNightlyItemsResponse>(key, isCountValue, {
    send: sendNightly(locationId, date),
  });
}
