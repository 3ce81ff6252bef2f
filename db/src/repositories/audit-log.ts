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

/** Call inside the transaction of the write it records, so the log and the change commit together. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
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
export async function recordAudits(db: Db, entries: readonly AuditEntry[]): Promise<void> {
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
