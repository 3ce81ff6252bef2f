import type { Db } from '@db/client.ts';

/** The stored JSON of one setting, or null when it was never saved. */
export async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db.query<{ value: unknown }>('SELECT value FROM settings WHERE key = $1', [key]);
  return row ? row.value : null;
}
