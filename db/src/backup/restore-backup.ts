import type { Db } from '../client.ts';
import { isCompleteParstockBackup, restorableScript } from './sql-backup.ts';

/** A restore refused before anything was written: the message says why, for a person. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/** Tables in the public schema: a database with any is someone's, and a restore never mixes two. */
export async function publicTableCount(db: Db): Promise<number> {
  const [row] = await db.query<{ tables: number }>(
    "SELECT count(*)::int AS tables FROM pg_catalog.pg_tables WHERE schemaname = 'public'",
  );
  return row?.tables ?? 0;
}

/**
 * Loads a Parstock backup into an empty database, embedded or PostgreSQL (decision 128), in one transaction: a
 * file that stops halfway, or a statement the server refuses, leaves the database as empty as it was. The
 * dump's session settings (its empty search_path) are reset before the end, so the connection serves on.
 * Migrations newer than the backup are the caller's to run next.
 */
export async function restoreBackup(db: Db, backup: string): Promise<void> {
  if (!isCompleteParstockBackup(backup)) {
    throw new RestoreRefusedError(
      'This file is not a whole Parstock backup (it must start with "-- Parstock backup" and end as pg_dump ends a complete dump). Nothing was written.',
    );
  }
  const tables = await publicTableCount(db);
  if (tables > 0) {
    throw new RestoreRefusedError(
      `The database already holds ${tables} table(s); a backup is restored only into an empty database. Nothing was written.`,
    );
  }
  await db.transaction((tx) => tx.exec(`${restorableScript(backup)}\nRESET ALL;\n`));
}
