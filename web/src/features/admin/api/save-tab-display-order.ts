import type { TabDisplayOrderBody } from '@engine/admin-tab-schemas.ts';
import type { TabDisplayEntry } from '@engine/api-schemas.ts';
import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKeyPrefix } from '@web/lib/api-client.ts';

// The read is GET of the same path (every signed-in user's header reads it), so its keys share the prefix.
const tabDisplayOrderKey = endpointKeyPrefix(adminEndpoints.setTabDisplayOrder);

/** Every tab at once, so no child is left under a moved parent. */
export function saveTabDisplayOrder(body: TabDisplayOrderBody): Promise<TabDisplayEntry[]> {
  return call(adminEndpoints.setTabDisplayOrder, { body }, { retries: 0 });
}

export function useSaveTabDisplayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTabDisplayOrder,
    onSuccess: (tabs) => {
      // The header reads the same query: it shows the new order at once. The answer is the saved order, so the save
      // is done (and says so) without waiting for the refetch that follows.
      queryClient.setQueriesData({ queryKey: tabDisplayOrderKey }, tabs);
      void queryClient.invalidateQueries({ queryKey: tabDisplayOrderKey });
    },
    // Refused for another administrator's change: read the tabs as they are now.
    onError: () => queryClient.invalidateQueries({ queryKey: tabDisplayOrderKey }),
  });
}
