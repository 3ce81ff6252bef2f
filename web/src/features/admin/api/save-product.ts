import {
  type AdminProduct,
  adminProductSchema,
  type CreateProductBody,
  type UpdateProductBody,
} from '@engine/admin-product-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PRODUCTS_URL } from './admin-products.ts';
import { invalidateProductReads } from './product-cache.ts';
import { sendParsed } from './send-parsed.ts';

export type SaveProductInput =
  | { id: null; body: CreateProductBody }
  | { id: number; body: UpdateProductBody };

/** POST /api/admin/products, or PATCH /api/admin/products/:id (also `retired: true | false`). */
export function saveProduct(input: SaveProductInput): Promise<AdminProduct> {
  return input.id === null
    ? sendParsed('POST', ADMIN_PRODUCTS_URL, input.body, adminProductSchema)
    : sendParsed('PATCH', `${ADMIN_PRODUCTS_URL}/${input.id}`, input.body, adminProductSchema);
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveProduct, onSuccess: () => invalidateProductReads(queryClient) });
}
