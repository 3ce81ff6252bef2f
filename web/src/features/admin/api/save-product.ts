import type { AdminProduct, CreateProductBody, UpdateProductBody } from '@engine/admin-product-schemas.ts';
import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { invalidateProductReads } from './product-cache.ts';

export type SaveProductInput =
  | { id: null; body: CreateProductBody }
  | { id: number; body: UpdateProductBody };

/** Creates a product, or changes one (also `retired: true | false`). */
export function saveProduct(input: SaveProductInput): Promise<AdminProduct> {
  return input.id === null
    ? call(adminEndpoints.createProduct, { body: input.body }, { retries: 0 })
    : call(adminEndpoints.updateProduct, { params: { id: input.id }, body: input.body }, { retries: 0 });
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveProduct, onSuccess: () => invalidateProductReads(queryClient) });
}
