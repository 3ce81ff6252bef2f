import type { TabDisplayOrderBody } from '@engine/admin-tab-schemas.ts';
import { type TabDisplayEntry, tabDisplayEntrySchema } from '@engine/api-schemas.ts';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tabDisplayOrderQueryKey } from '@web/lib/shared-reads/tab-display-order.ts';
import { z } from 'zod';
import { sendParsed } from './send-parsed.ts';

/** PUT /api/admin/tab-display-order: every tab at once, so no child is left under a moved parent. */
export function saveTabDisplayOrder(body: TabDisplayOrderBody): Promise<TabDisplayEntry[]> {
  return sendParsed('PUT', referenceEndpoints.tabDisplayOrder.path, body, z.array(tabDisplayEntrySchema));
}

export function useSaveTabDisplayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTabDisplayOrder,
    onSuccess: (tabs) => {
      // The header reads the same query: it shows the new order at once.
      queryClient.setQueryData(tabDisplayOrderQueryKey, tabs);
      return queryClient.invalidateQueries({ queryKey: tabDisplayOrderQueryKey });
    },
  });
}
