import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { endpointKeyPrefix, endpointQuery } from '@web/lib/api-client.ts';

/** Every product, retired ones included. */
export const adminProductsQueryOptions = () => endpointQuery(adminEndpoints.listProducts, {});

/** For invalidation after a write that changes the list. */
export const adminProductsQueryKey = endpointKeyPrefix(adminEndpoints.listProducts);

export function useAdminProducts() {
  return useQuery(adminProductsQueryOptions());
}
