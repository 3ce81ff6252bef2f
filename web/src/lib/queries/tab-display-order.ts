import { type TabDisplayEntry, tabDisplayEntrySchema } from '@engine/api-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';
import { z } from 'zod';

export const TAB_DISPLAY_ORDER_URL = '/api/admin/tab-display-order';
export const tabDisplayOrderQueryKey = [TAB_DISPLAY_ORDER_URL] as const;

export function fetchTabDisplayOrder(signal?: AbortSignal): Promise<TabDisplayEntry[]> {
  return getParsed(TAB_DISPLAY_ORDER_URL, z.array(tabDisplayEntrySchema), { signal });
}

export const tabDisplayOrderQueryOptions = () =>
  queryOptions({ queryKey: tabDisplayOrderQueryKey, queryFn: ({ signal }) => fetchTabDisplayOrder(signal) });

export function useTabDisplayOrder(options: { enabled?: boolean } = {}) {
  return useQuery({ ...tabDisplayOrderQueryOptions(), enabled: options.enabled ?? true });
}
