import { z } from 'zod';
import {
  decodeKeysetCursor,
  encodeKeysetCursor,
  type KeysetCursor,
  pageCursor,
} from './input/page-cursor.ts';
import { textId } from './input/record-id.ts';
import { text } from './input/text.ts';
import { timeFilter } from './input/time-filter.ts';

/** The audit log view: every write, newest first, filterable, paged with a cursor. */

export const AUDIT_LOG_DEFAULT_LIMIT = 50;
export const AUDIT_LOG_MAX_LIMIT = 200;

/** The query string of GET /api/admin/audit-log; every field optional. `to` is exclusive. */
export const auditLogQuerySchema = z
  .object({
    entity: text('entity', { required: true, max: 64 }).optional(),
    actorId: textId('actorId').optional(),
    locationId: textId('locationId').optional(),
    from: timeFilter('from').optional(),
    to: timeFilter('to').optional(),
    limit: z
      .string()
      .trim()
      .regex(/^\d+$/, 'limit must be a whole number')
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, 'limit must be at least 1')
          .max(AUDIT_LOG_MAX_LIMIT, `limit must be at most ${AUDIT_LOG_MAX_LIMIT}`),
      )
      .default(AUDIT_LOG_DEFAULT_LIMIT),
    cursor: pageCursor().optional(),
  })
  .refine((query) => !query.from || !query.to || query.from < query.to, {
    error: 'from must be before to',
    path: ['to'],
  });
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
export type AuditLogQueryInput = z.input<typeof auditLogQuerySchema>;

// A filter left empty in a form arrives as `?entity=`; that means "any", not "the empty entity".
function withoutEmptyValues(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

/** The query string as it arrives: empty values dropped, then checked as `auditLogQuerySchema`. */
export const auditLogRequestQuerySchema = z.preprocess(
  withoutEmptyValues,
  auditLogQuerySchema,
) as unknown as z.ZodType<AuditLogQuery, AuditLogQueryInput>;

export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** What the record is called now (a product's or café's name, an order's number), or null when it has none. */
  entityName: z.string().nullable(),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /**
   * The names, by id, of the products a map of `before`/`after` is keyed by (`AUDIT_MAPS_KEYED_BY_PRODUCT`), so a
   * screen names them without reading the whole catalogue; a product gone since has none.
   */
  productNames: z.record(z.string(), z.string()),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditLogEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** Maps in a before/after whose keys are product ids: a cart's `quantities`, a count's `items`. */
export const AUDIT_MAPS_KEYED_BY_PRODUCT: ReadonlySet<string> = new Set(['quantities', 'items']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every product id that keys such a map, at any depth of the values given. */
export function productIdsKeyingMaps(...values: unknown[]): number[] {
  const ids = new Set<number>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!isPlainObject(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      if (AUDIT_MAPS_KEYED_BY_PRODUCT.has(key) && isPlainObject(inner)) {
        for (const id of Object.keys(inner)) if (/^\d{1,9}$/.test(id)) ids.add(Number(id));
      }
      visit(inner);
    }
  };
  for (const value of values) visit(value);
  return [...ids];
}

/** Where a page ended: the last entry's time (to the microsecond, as text) and id. Opaque to clients. */
export type AuditCursor = KeysetCursor;

export const encodeAuditCursor = encodeKeysetCursor;

/** The cursor, or null when the text is not one this server made. */
export const decodeAuditCursor = decodeKeysetCursor;
