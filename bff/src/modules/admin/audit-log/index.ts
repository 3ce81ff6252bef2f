import type { AppDeps } from '@bff/app-deps.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import { ADMIN_PANEL } from '@bff/modules/admin/admin-access.ts';
import type { Db } from '@db/client.ts';
import { listAuditEntities, queryAuditLog } from '@db/repositories/audit-log-query.ts';
import {
  type AuditLogPage,
  auditLogQuerySchema,
  decodeAuditCursor,
  encodeAuditCursor,
} from '@engine/admin-audit-log-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { Elysia } from 'elysia';

// A filter left empty in a form arrives as `?entity=`; that means "any", not "the empty entity".
function withoutEmptyValues(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

async function readAuditLog(db: Db, rawQuery: Record<string, unknown>): Promise<AuditLogPage> {
  const { cursor, ...filter } = parseInput(auditLogQuerySchema, withoutEmptyValues(rawQuery));
  const after = cursor === undefined ? undefined : decodeAuditCursor(cursor);
  if (after === null) throw AppError.validation('cursor is not valid; start again from the first page');
  const page = await queryAuditLog(db, { ...filter, after });
  return {
    entries: page.entries,
    nextCursor: page.hasMore && page.last ? encodeAuditCursor(page.last) : null,
  };
}

export function adminAuditLogModule({ db, auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get('/api/admin/audit-log', ({ query }): Promise<AuditLogPage> => readAuditLog(db, query), {
      auth: ADMIN_PANEL,
    })
    .get('/api/admin/audit-log/entities', (): Promise<string[]> => listAuditEntities(db), {
      auth: ADMIN_PANEL,
    });
}
