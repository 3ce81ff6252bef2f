import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type TabDisplayEntry, tabDisplayEntrySchema } from '../../../../engine/src/api-schemas.ts';
import { getParsed } from '../query-client.ts';

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
