import type { CafeOpsResponse, SaveTaskTicksResponse } from '@engine/ops-tracker-schemas.ts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { cafeOpsKeyPrefix, cafeOpsQueryKey, saveTaskTicks } from '@web/features/cafe-ops/api/cafe-ops.ts';
import { isTickValue, type TickValue } from '@web/features/cafe-ops/model/tick-view.ts';
import type { OutboxEntry } from '@web/lib/autosave/outbox-state.ts';
import { outboxKey, sharedBrowserStore, storedSessions } from '@web/lib/autosave/outbox-storage.ts';
import { useAutosave } from '@web/lib/autosave/use-autosave.ts';

function sendTicks(locationId: number, date: string) {
  return (entries: readonly OutboxEntry<TickValue>[], signal: AbortSignal) =>
    saveTaskTicks(
      {
        locationId,
        date,
        ticks: entries.map((entry) => ({ taskId: entry.itemId, ...entry.value, typedAt: entry.typedAt })),
      },
      signal,
    );
}

/** Into today's read and the read of that date, whichever holds the saved day; then refresh the rest. */
function mergeTicks(queryClient: QueryClient, locationId: number, result: SaveTaskTicksResponse): void {
  for (const queryKey of [cafeOpsQueryKey(locationId), cafeOpsQueryKey(locationId, result.businessDate)]) {
    queryClient.setQueryData<CafeOpsResponse>(queryKey, (current) => {
      if (!current || current.businessDate !== result.businessDate) return current;
      const byTask = new Map(result.tasks.map((state) => [state.taskId, state]));
      return {
        ...current,
        tasks: current.tasks.map((task) => {
          const state = byTask.get(task.taskId);
          return state ? { ...task, ...state, overdue: task.overdue && !state.done } : task;
        }),
      };
    });
  }
  // The day strip's counts and overdue marks are the server's to work out.
  void queryClient.invalidateQueries({ queryKey: cafeOpsKeyPrefix });
}

const scopeOf = (locationId: number, userId: number) => ({
  userId,
  locationId,
  operation: 'cafe_ops_tracker' as const,
});

/**
 * The outbox of one café's checklist of one business date, kept on the device like Nightly Counts' typed
 * counts: a tick made with no connection is stored first and sent when the connection is back, the state
 * typed last winning on the server. `earlierDays`: dates still holding ticks from before (sent by
 * `useEarlierTickOutbox`).
 */
export function useTickOutbox(input: { locationId: number; userId: number; businessDate: string }) {
  const { locationId, userId, businessDate } = input;
  const queryClient = useQueryClient();
  const scope = scopeOf(locationId, userId);
  const { queue, snapshot } = useAutosave<TickValue, SaveTaskTicksResponse>(
    outboxKey({ ...scope, session: businessDate }),
    isTickValue,
    {
      send: sendTicks(locationId, businessDate),
      onSaved: (result) => mergeTicks(queryClient, locationId, result),
    },
  );
  const earlierDays = storedSessions(sharedBrowserStore(), scope).filter((date) => date !== businessDate);
  return { queue, snapshot, earlierDays };
}

/** Sends what is still waiting from another business date, for that date. */
export function useEarlierTickOutbox(input: { locationId: number; userId: number; date: string }) {
  const { locationId, userId, date } = input;
  const queryClient = useQueryClient();
  useAutosave<TickValue, SaveTaskTicksResponse>(
    outboxKey({ ...scopeOf(locationId, userId), session: date }),
    isTickValue,
    {
      send: sendTicks(locationId, date),
      onSaved: (result) => mergeTicks(queryClient, locationId, result),
    },
  );
}
