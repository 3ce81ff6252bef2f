import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@web/lib/api-client.ts';

export const productsQueryOptions = () => endpointQuery(referenceEndpoints.products, {});
export const productsQueryKey = productsQueryOptions().queryKey;

export function useProducts(options: { enabled?: boolean } = {}) {
  return useQuery({ ...productsQueryOptions(), enabled: options.enabled ?? true });
}
