import { type Product, productSchema } from '@engine/api-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';
import { z } from 'zod';

export const PRODUCTS_URL = '/api/products';
export const productsQueryKey = [PRODUCTS_URL] as const;
export const productsSchema = z.array(productSchema);

export function fetchProducts(signal?: AbortSignal): Promise<Product[]> {
  return getParsed(PRODUCTS_URL, productsSchema, { signal });
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: productsQueryKey, queryFn: ({ signal }) => fetchProducts(signal) });

export function useProducts(options: { enabled?: boolean } = {}) {
  return useQuery({ ...productsQueryOptions(), enabled: options.enabled ?? true });
}
