import { z } from 'zod';

/** The audit log view: every write, newest first, filterable, paged with a cursor. */

export const AUDIT_LOG_DEFAULT_LIMIT = 50;
export const AUDIT_LOG_MAX_LIMIT = 200;

const numericId = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .positive(`${name} must be a positive number`)
        .max(2_147_483_647, `${name} is too large`),
    );

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

// Date would quietly turn 2026-02-30 into 2 March; a filter on a day that does not exist is a typo.
function isCalendarDay(value: string): boolean {
  const [, year, month, day] = INSTANT.exec(value) ?? [];
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  return m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

// A date alone means the start of that day in UTC; the web sends full times when it means local days.
const instant = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => INSTANT.test(value), {
      error: `${name} must be a date like 2026-03-01 or a time like 2026-03-01T08:00:00Z`,
      abort: true,
    })
    .refine(isCalendarDay, { error: `${name} is not a real date`, abort: true })
    .transform((value) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value))
    .refine((date) => !Number.isNaN(date.getTime()), { error: `${name} is not a real time` })
    .transform((date) => date.toISOString());

/** The query string of GET /api/admin/audit-log; every field optional. `to` is exclusive. */
export const auditLogQuerySchema = z
  .object({
    entity: z.string().trim().min(1).max(64, 'entity must be at most 64 characters').optional(),
    actorId: numericId('actorId').optional(),
    locationId: numericId('locationId').optional(),
    from: instant('from').optional(),
    to: instant('to').optional(),
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
    cursor: z.string().trim().max(200, 'cursor is not valid').optional(),
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
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditLogEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** Where a page ended: the last entry's time (to the microsecond, as text) and id. Opaque to clients. */
export interface AuditCursor {
  createdAt: string;
  id: number;
}

export function encodeAuditCursor(cursor: AuditCursor): string {
  return btoa(`${cursor.createdAt}|${cursor.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor, or null when the text is not one this server made. */
export function decodeAuditCursor(text: string): AuditCursor | null {
  try {
    const decoded = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,19})$/.exec(decoded);
    if (!match?.[1] || !match[2]) return null;
    return { createdAt: match[1], id: Number(match[2]) };
  } catch {
    return null;
  }
}
