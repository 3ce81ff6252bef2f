import { type AdminProduct, adminProductSchema } from '@engine/admin-product-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';
import { z } from 'zod';

export const ADMIN_PRODUCTS_URL = '/api/admin/products';
export const adminProductsQueryKey = [ADMIN_PRODUCTS_URL] as const;

/** Every product, retired ones included. */
export function fetchAdminProducts(signal?: AbortSignal): Promise<AdminProduct[]> {
  return getParsed(ADMIN_PRODUCTS_URL, z.array(adminProductSchema), { signal });
}

export const adminProductsQueryOptions = () =>
  queryOptions({ queryKey: adminProductsQueryKey, queryFn: ({ signal }) => fetchAdminProducts(signal) });

export function useAdminProducts() {
  return useQuery(adminProductsQueryOptions());
}
