import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@web/lib/api-client.ts';

/** The kinds of record the log holds entries for, for the entity filter. */
export const auditLogEntitiesQueryOptions = () =>
  queryOptions({ ...endpointQuery(adminEndpoints.auditLogEntities, {}), staleTime: 0 });

export function useAuditLogEntities() {
  return useQuery(auditLogEntitiesQueryOptions());
}
