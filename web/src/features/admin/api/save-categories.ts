import {
  type AdminCategory,
  adminCategorySchema,
  type CategoriesBody,
} from '@engine/admin-category-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ADMIN_CATEGORIES_URL } from './admin-categories.ts';
import { invalidateProductReads } from './product-cache.ts';
import { sendParsed } from './send-parsed.ts';

/** PUT /api/admin/categories: every category in its new order, saved together. */
export function saveCategories(body: CategoriesBody): Promise<AdminCategory[]> {
  return sendParsed('PUT', ADMIN_CATEGORIES_URL, body, z.array(adminCategorySchema));
}

export function useSaveCategories() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCategories, onSuccess: () => invalidateProductReads(queryClient) });
}
