import type { AuditLogQueryInput } from '@engine/admin-audit-log-schemas.ts';
import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call, endpointQueryKey } from '@web/lib/api-client.ts';

/** The filters of the audit log view; every one optional. `from` is inclusive, `to` exclusive (ISO times). */
export interface AuditLogFilter {
  entity?: string;
  actorId?: number;
  locationId?: number;
  from?: string;
  to?: string;
}

/** The query string of one page: filters left empty are not sent. */
export function auditLogQuery(filter: AuditLogFilter, cursor: string | null): AuditLogQueryInput {
  const text = (value: string | number | undefined) =>
    value === undefined || value === '' ? undefined : String(value);
  return {
    entity: text(filter.entity),
    actorId: text(filter.actorId),
    locationId: text(filter.locationId),
    from: text(filter.from),
    to: text(filter.to),
    cursor: cursor ?? undefined,
  };
}

export const auditLogQueryOptions = (filter: AuditLogFilter) =>
  infiniteQueryOptions({
    queryKey: endpointQueryKey(adminEndpoints.auditLog, { query: auditLogQuery(filter, null) }),
    // One page, newest first; `nextCursor` asks for the older page after it.
    queryFn: ({ pageParam, signal }) =>
      call(adminEndpoints.auditLog, { query: auditLogQuery(filter, pageParam) }, { signal, retries: 0 }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // The log grows with every write anywhere: opening it again should show the latest.
    staleTime: 0,
  });

export function useAuditLog(filter: AuditLogFilter) {
  return useInfiniteQuery(auditLogQueryOptions(filter));
}
