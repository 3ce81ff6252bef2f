import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { endpointKeyPrefix, endpointQuery } from '@web/lib/api-client.ts';

/** Every recurring task, inactive ones included. */
export const adminTasksQueryOptions = () => endpointQuery(adminEndpoints.listTasks, {});

/** For invalidation after a write that changes the list. */
export const adminTasksQueryKey = endpointKeyPrefix(adminEndpoints.listTasks);

export function useAdminTasks() {
  return useQuery(adminTasksQueryOptions());
}
