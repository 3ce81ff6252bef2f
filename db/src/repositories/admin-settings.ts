import type { Db } from '@db/client.ts';

/**
 * Stores one setting's JSON, replacing what was there, and who saved it. Only objects and lists: both
 * drivers bind those as JSON alike, while a bare string would be stored as a JSON string by one of them.
 */
export async function writeSetting(
  db: Db,
  key: string,
  value: Record<string, unknown> | readonly unknown[],
  userId: number | null,
): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value, updated_at, updated_by) VALUES ($1, $2::jsonb, now(), $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by`,
    [key, value, userId],
  );
}

/**
 * Holds one setting for the rest of the transaction, whether its row exists yet or not, so two saves of it check
 * what they started from one after the other. The embedded database has one connection: nothing runs beside it.
 */
export async function lockSetting(db: Db, key: string): Promise<void> {
  if (db.driver === 'postgres')
    await db.query("SELECT pg_advisory_xact_lock(hashtext('setting:' || $1))", [key]);
}
