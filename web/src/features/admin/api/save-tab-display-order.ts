import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { TabDisplayOrderBody } from '../../../../../engine/src/admin-tab-schemas.ts';
import { type TabDisplayEntry, tabDisplayEntrySchema } from '../../../../../engine/src/api-schemas.ts';
import { TAB_DISPLAY_ORDER_URL, tabDisplayOrderQueryKey } from '../../../lib/queries/tab-display-order.ts';
import { sendParsed } from './send-parsed.ts';

/** PUT /api/admin/tab-display-order: every tab at once, so no child is left under a moved parent. */
export function saveTabDisplayOrder(body: TabDisplayOrderBody): Promise<TabDisplayEntry[]> {
  return sendParsed('PUT', TAB_DISPLAY_ORDER_URL, body, z.array(tabDisplayEntrySchema));
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
