import { type AdminCategory, adminCategorySchema } from '@engine/admin-category-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';
import { z } from 'zod';

export const ADMIN_CATEGORIES_URL = '/api/admin/categories';
export const adminCategoriesQueryKey = [ADMIN_CATEGORIES_URL] as const;

/** Every category in display order, with how many products use it. */
export function fetchAdminCategories(signal?: AbortSignal): Promise<AdminCategory[]> {
  return getParsed(ADMIN_CATEGORIES_URL, z.array(adminCategorySchema), { signal });
}

export const adminCategoriesQueryOptions = () =>
  queryOptions({ queryKey: adminCategoriesQueryKey, queryFn: ({ signal }) => fetchAdminCategories(signal) });

export function useAdminCategories() {
  return useQuery(adminCategoriesQueryOptions());
}
