import { type AuditLogPage, auditLogPageSchema } from '@engine/admin-audit-log-schemas.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';

export const AUDIT_LOG_URL = '/api/admin/audit-log';

/** The filters of the audit log view; every one optional. `from` is inclusive, `to` exclusive (ISO times). */
export interface AuditLogFilter {
  entity?: string;
  actorId?: number;
  locationId?: number;
  from?: string;
  to?: string;
}

export const auditLogQueryKey = (filter: AuditLogFilter) => [AUDIT_LOG_URL, filter] as const;

export function auditLogUrl(filter: AuditLogFilter, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `${AUDIT_LOG_URL}?${query}` : AUDIT_LOG_URL;
}

/** One page, newest first; `nextCursor` asks for the older page after it. */
export function fetchAuditLogPage(
  filter: AuditLogFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AuditLogPage> {
  return getParsed(auditLogUrl(filter, cursor), auditLogPageSchema, { signal });
}

export const auditLogQueryOptions = (filter: AuditLogFilter) =>
  infiniteQueryOptions({
    queryKey: auditLogQueryKey(filter),
    queryFn: ({ pageParam, signal }) => fetchAuditLogPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // The log grows with every write anywhere: opening it again should show the latest.
    staleTime: 0,
  });

export function useAuditLog(filter: AuditLogFilter) {
  return useInfiniteQuery(auditLogQueryOptions(filter));
}
