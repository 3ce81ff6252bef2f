import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@web/lib/api-client.ts';

export const categoryOrderQueryOptions = () => endpointQuery(referenceEndpoints.categoryOrder, {});
export const categoryOrderQueryKey = categoryOrderQueryOptions().queryKey;

export function useCategoryOrder(options: { enabled?: boolean } = {}) {
  return useQuery({ ...categoryOrderQueryOptions(), enabled: options.enabled ?? true });
}
