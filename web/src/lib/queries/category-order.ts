import { type CategoryOrderEntry, categoryOrderEntrySchema } from '@engine/api-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';
import { z } from 'zod';

export const CATEGORY_ORDER_URL = '/api/admin/category-order';
export const categoryOrderQueryKey = [CATEGORY_ORDER_URL] as const;
export const categoryOrderSchema = z.array(categoryOrderEntrySchema);

export function fetchCategoryOrder(signal?: AbortSignal): Promise<CategoryOrderEntry[]> {
  return getParsed(CATEGORY_ORDER_URL, categoryOrderSchema, { signal });
}

export const categoryOrderQueryOptions = () =>
  queryOptions({ queryKey: categoryOrderQueryKey, queryFn: ({ signal }) => fetchCategoryOrder(signal) });

export function useCategoryOrder(options: { enabled?: boolean } = {}) {
  return useQuery({ ...categoryOrderQueryOptions(), enabled: options.enabled ?? true });
}
