import type { AppDeps } from '@bff/app-deps.ts';
import { auditCursorExists, listAuditEntities, queryAuditLog } from '@db/repositories/audit-log-query.ts';
import {
  type AuditLogPage,
  type AuditLogQuery,
  decodeAuditCursor,
  encodeAuditCursor,
} from '@engine/admin-audit-log-schemas.ts';
import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { INVALID_CURSOR_MESSAGE } from '@engine/input/page-cursor.ts';

async function readAuditLog(db: AppDeps['db'], query: AuditLogQuery): Promise<AuditLogPage> {
  const { cursor, ...filter } = query;
  const after = cursor === undefined ? undefined : decodeAuditCursor(cursor);
  // A cursor is checked against the entry it names, so a forged one is refused instead of paging from it.
  if (after === null || (after !== undefined && !(await auditCursorExists(db, after)))) {
    throw AppError.validation(INVALID_CURSOR_MESSAGE, [{ path: 'cursor', message: INVALID_CURSOR_MESSAGE }]);
  }
  const page = await queryAuditLog(db, { ...filter, after });
  return {
    entries: page.entries,
    nextCursor: page.hasMore && page.last ? encodeAuditCursor(page.last) : null,
  };
}

export function adminAuditLogModule({ db, routes }: AppDeps) {
  return routes()
    .on(adminEndpoints.auditLog, ({ query }) => readAuditLog(db, query))
    .on(adminEndpoints.auditLogEntities, () => listAuditEntities(db)).app;
}
