import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@web/lib/api-client.ts';

/** The menu tree: the header builds its menus from it, the admin area edits it. */
export const tabDisplayOrderQueryOptions = () => endpointQuery(referenceEndpoints.tabDisplayOrder, {});
export const tabDisplayOrderQueryKey = tabDisplayOrderQueryOptions().queryKey;

export function useTabDisplayOrder(options: { enabled?: boolean } = {}) {
  return useQuery({ ...tabDisplayOrderQueryOptions(), enabled: options.enabled ?? true });
}
