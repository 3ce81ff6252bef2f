import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { endpointKeyPrefix, endpointQuery } from '@web/lib/api-client.ts';

/** Every category in display order, with how many products use it. */
export const adminCategoriesQueryOptions = () => endpointQuery(adminEndpoints.listCategories, {});

/** For invalidation after a write that changes the list. */
export const adminCategoriesQueryKey = endpointKeyPrefix(adminEndpoints.listCategories);

export function useAdminCategories() {
  return useQuery(adminCategoriesQueryOptions());
}
