import { expandProducts } from '@engine/compact-products.ts';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpointQueryKey, endpointUrl } from '@web/lib/api-client.ts';

const endpoint = referenceEndpoints.products;

/** What is asked on the wire: the compact list, each product without its default fields (decision 057). */
const compactInput = { query: { shape: 'compact' as const } };

/** The address the product list is read from, as logged when a preload of it fails. */
export const productsUrl = endpointUrl(endpoint, compactInput);

/** The product list, kept with every product whole; the key leaves the shape out (there is one list). */
export const productsQueryOptions = () =>
  queryOptions({
    queryKey: endpointQueryKey(endpoint),
    queryFn: async ({ signal }) => expandProducts(await call(endpoint, compactInput, { signal, retries: 0 })),
  });
export const productsQueryKey = productsQueryOptions().queryKey;

export function useProducts(options: { enabled?: boolean } = {}) {
  return useQuery({ ...productsQueryOptions(), enabled: options.enabled ?? true });
}
