import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';
import { z } from 'zod';

export const AUDIT_LOG_ENTITIES_URL = '/api/admin/audit-log/entities';
export const auditLogEntitiesQueryKey = [AUDIT_LOG_ENTITIES_URL] as const;

/** The kinds of record the log holds entries for, for the entity filter. */
export function fetchAuditLogEntities(signal?: AbortSignal): Promise<string[]> {
  return getParsed(AUDIT_LOG_ENTITIES_URL, z.array(z.string()), { signal });
}

export const auditLogEntitiesQueryOptions = () =>
  queryOptions({
    queryKey: auditLogEntitiesQueryKey,
    queryFn: ({ signal }) => fetchAuditLogEntities(signal),
    staleTime: 0,
  });

export function useAuditLogEntities() {
  return useQuery(auditLogEntitiesQueryOptions());
}
