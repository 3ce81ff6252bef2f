import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { readVarianceThreshold, VARIANCE_THRESHOLD_SETTING } from '@db/repositories/square-mappings.ts';
import type { Actor } from '@engine/actor.ts';

/** Sets the variance (count − Square) beyond which Nightly Counts mark a row. */
export function updateSquareSettings(
  db: Db,
  actor: Actor,
  body: { varianceThreshold: number },
): Promise<void> {
  return db.transaction(async (tx) => {
    const before = await readVarianceThreshold(tx);
    await tx.query(
      `INSERT INTO settings (key, value, updated_at, updated_by) VALUES ($1, $2::jsonb, now(), $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by`,
      [VARIANCE_THRESHOLD_SETTING, { value: body.varianceThreshold }, actor.id],
    );
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'square.settings.update',
      entity: 'setting',
      entityId: VARIANCE_THRESHOLD_SETTING,
      locationId: null,
      before: { varianceThreshold: before },
      after: { varianceThreshold: body.varianceThreshold },
    });
  });
}
