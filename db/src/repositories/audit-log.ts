import type { Db } from '@db/client.ts';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: string | null;
  locationId: number | null;
  before?: unknown;
  after?: unknown;
}

// The client binds objects as JSON; scalars are wrapped so every value lands in jsonb the same way.
function asJson(value: unknown): Record<string, unknown> | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}

/**
 * A write that left its record as it was (a rename to the same name, the same settings saved again) changed
 * nothing to log. Compared as the log would store them; objects built with their keys in another order are
 * logged, which only errs on the side of a row.
 */
function changesNothing(entry: AuditEntry): boolean {
  const before = asJson(entry.before);
  return before !== null && JSON.stringify(before) === JSON.stringify(asJson(entry.after));
}

/** Call inside the transaction of the write it records, so the log and the change commit together. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  if (changesNothing(entry)) return;
  await db.query(
    `INSERT INTO audit_log (actor_id, action, entity, entity_id, location_id, before, after)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [
      entry.actorId,
      entry.action,
      entry.entity,
      entry.entityId,
      entry.locationId,
      asJson(entry.before),
      asJson(entry.after),
    ],
  );
}

/**
 * Many entries in one INSERT, for batch writes that log one row per changed item. Call inside the
 * transaction of the write, like recordAudit.
 */
export async function recordAudits(db: Db, allEntries: readonly AuditEntry[]): Promise<void> {
  const entries = allEntries.filter((entry) => !changesNothing(entry));
  if (entries.length === 0) return;
  await db.query(
    `INSERT INTO audit_log (actor_id, action, entity, entity_id, location_id, before, after)
     SELECT r."actorId", r.action, r.entity, r."entityId", r."locationId", r.before, r.after
       FROM jsonb_to_recordset($1::jsonb) AS r("actorId" int, action text, entity text, "entityId" text,
            "locationId" int, before jsonb, after jsonb)`,
    [
      entries.map((entry) => ({
        actorId: entry.actorId,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId,
        locationId: entry.locationId,
        before: asJson(entry.before),
        after: asJson(entry.after),
      })),
    ],
  );
}
