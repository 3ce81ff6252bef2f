import type { AdminCategory, CategoriesBody } from '@engine/admin-category-schemas.ts';
import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { invalidateProductReads } from './product-cache.ts';

/** Every category in its new order, saved together. */
export function saveCategories(body: CategoriesBody): Promise<AdminCategory[]> {
  return call(adminEndpoints.reorderCategories, { body }, { retries: 0 });
}

export function useSaveCategories() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCategories, onSuccess: () => invalidateProductReads(queryClient) });
}
