import type { InventoryResponse } from '@engine/api-schemas.ts';
import type { CountItemStateResponse, CountSession, ParState } from '@engine/counting-schemas.ts';
import type { QueryClient } from '@tanstack/react-query';
import { withItemsMerged } from '@web/features/operations/model/item-lookup.ts';
import { keepSavedItemsLater } from '@web/lib/offline/offline-copies-later.ts';
import { inventoryQueryKey } from '@web/lib/shared-reads/inventory.ts';

/*
 * Saves answer with the stored state of what they carried. It goes straight into the cached inventory, so
 * the screen shows what the server now holds (including a newer value another device typed) without a
 * refetch; a refetch already on its way is cancelled, since it could carry the state from before the save.
 * The copy kept for use with no network follows the same answers (decision 074).
 */

function updateInventory(
  queryClient: QueryClient,
  locationId: number,
  update: (inventory: InventoryResponse) => InventoryResponse,
): void {
  const queryKey = inventoryQueryKey(locationId);
  void queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData<InventoryResponse>(queryKey, (inventory) =>
    inventory ? update(inventory) : inventory,
  );
}

/** One save's (or confirmation's) answer: the stored state of the items it carried. */
interface CountItemsAnswer {
  locationId: number;
  session: CountSession | null;
  items: readonly CountItemStateResponse[];
}

function applyCountItems(queryClient: QueryClient, { locationId, session, items }: CountItemsAnswer): void {
  updateInventory(queryClient, locationId, (inventory) => {
    // A late answer about a count that has since been restarted must not bring the old session back.
    if (session && inventory.countSession && inventory.countSession.id !== session.id) return inventory;
    return {
      ...inventory,
      countSession: session ?? inventory.countSession,
      // A late answer must not bring back a value older than the one shown: the server keeps the latest typed.
      items: withItemsMerged(inventory.items, items, (item, { productId: _, ...state }) =>
        Date.parse(item.typedAt as string) > Date.parse(state.typedAt as string)
          ? item
          : { ...item, ...state },
      ),
    };
  });
}

/*
 * The tabs of one browser share the count's outbox, so a tab may save what another typed, or another tab may save a
 * number typed after this tab's own save: every answer is handed to the other tabs, which show it as their own.
 */
let countTabs: BroadcastChannel | undefined;
const otherTabs = () => {
  countTabs ??=
    typeof BroadcastChannel === 'function' ? new BroadcastChannel('parstock:count-saves') : undefined;
  return countTabs;
};

/** Shows in this page the answers the page's other tabs get (once per page). */
export function followCountItemsOfOtherTabs(queryClient: QueryClient): void {
  const channel = otherTabs();
  if (channel && !channel.onmessage) {
    channel.onmessage = (event: MessageEvent<CountItemsAnswer>) => applyCountItems(queryClient, event.data);
  }
}

export function mergeCountItems(
  queryClient: QueryClient,
  locationId: number,
  session: CountSession | null,
  items: readonly CountItemStateResponse[],
): void {
  const answer = { locationId, session, items };
  applyCountItems(queryClient, answer);
  otherTabs()?.postMessage(answer);
  if (session) keepSavedItemsLater({ path: '/api/inventory', locationId, session, items });
}

/** A PAR save's answer for one product, under the inventory item's names. */
function parFields(state: ParState) {
  return {
    par: state.par,
    parLocked: state.parLocked,
    parLockedBy: state.parLockedBy?.name ?? null,
    parLockedAt: state.parLockedAt,
    lifecycle: state.lifecycle,
    stockStatus: state.stockStatus,
    backordered: state.backordered,
  };
}

export function mergeParStates(
  queryClient: QueryClient,
  locationId: number,
  states: readonly ParState[],
): void {
  updateInventory(queryClient, locationId, (inventory) => ({
    ...inventory,
    items: withItemsMerged(inventory.items, states, (item, state) => ({ ...item, ...parFields(state) })),
  }));
  keepSavedItemsLater({
    path: '/api/inventory',
    locationId,
    items: states.map((state) => ({ productId: state.productId, ...parFields(state) })),
  });
}
