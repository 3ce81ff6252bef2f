import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type Product, productSchema } from '../../../../engine/src/api-schemas.ts';
import { getParsed } from '../query-client.ts';

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
