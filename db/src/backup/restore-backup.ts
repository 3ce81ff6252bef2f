import type { Db } from '../client.ts';
import { loadMigrations } from '../migrate.ts';
import { isCompleteParstockBackup } from './sql-backup.ts';
import { sqlScripts, sqlStatements } from './sql-statements.ts';

/** A restore refused, or stopped, with nothing written: the message says why, for a person. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/** A backup to restore: its first and last lines to check it by, and its text as a stream, never whole. */
export interface BackupSource {
  head: string;
  tail: string;
  chunks: () => AsyncIterable<string>;
}

/** How far into a file its first and last lines are looked for. */
const EDGE_BYTES = 4096;

/** A backup file on disk: its first and last lines read alone, its text streamed, never read whole. */
export async function backupFile(path: string): Promise<BackupSource> {
  const file = Bun.file(path);
  return {
    head: await file.slice(0, EDGE_BYTES).text(),
    tail: await file.slice(Math.max(0, file.size - EDGE_BYTES)).text(),
    chunks: async function* () {
      const decoder = new TextDecoder('utf-8', { fatal: true });
      for await (const chunk of file.stream()) yield decoder.decode(chunk, { stream: true });
      yield decoder.decode();
    },
  };
}

/** A backup held as text (tests, small files). */
export function backupText(text: string): BackupSource {
  return {
    head: text.slice(0, EDGE_BYTES),
    tail: text.slice(-EDGE_BYTES),
    chunks: async function* () {
      yield text;
    },
  };
}

/** Whether a source is a whole Parstock backup, by its first line and its last. */
export function isWholeBackup(source: Pick<BackupSource, 'head' | 'tail'>): boolean {
  // The same check as for a whole text: its start, and the line pg_dump ends a complete dump with.
  return isCompleteParstockBackup(`${source.head.split('\n')[0]}\n${source.tail}`);
}

/** Tables in the public schema: a database with any is someone's, and a restore never mixes two. */
export async function publicTableCount(db: Db): Promise<number> {
  const [row] = await db.query<{ tables: number }>(
    "SELECT count(*)::int AS tables FROM pg_catalog.pg_tables WHERE schemaname = 'public'",
  );
  return row?.tables ?? 0;
}

/**
 * pg_dump of PostgreSQL 17 and later sets `transaction_timeout`, which an older server does not know and would stop
 * at; its value, 0, is the default everywhere.
 */
function restorable(statement: string): string {
  return /^\s*SET transaction_timeout = 0;$/.test(statement) ? '' : statement;
}

async function* restorableStatements(source: BackupSource): AsyncGenerator<string> {
  for await (const statement of sqlStatements(source.chunks())) yield restorable(statement);
}

/**
 * Loads a Parstock backup into an empty database, embedded or PostgreSQL (decision 128), in one transaction,
 * streamed a script of statements at a time: a backup of any size is never held whole. A file that stops halfway,
 * a statement the server refuses, or a backup of a newer Parstock (migrations this version does not know) leaves
 * the database as empty as it was. The dump's session settings are reset before the end, so the connection serves
 * on. Migrations newer than the backup are the caller's to run next.
 */
export async function restoreBackup(db: Db, source: BackupSource): Promise<void> {
  if (!isWholeBackup(source)) {
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
  await db.transaction(async (tx) => {
    for await (const script of sqlScripts(restorableStatements(source))) {
      try {
        await tx.exec(script);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        throw new RestoreRefusedError(
          `The restore stopped at a statement the database refused (${why}). Nothing was restored.`,
        );
      }
    }
    await tx.exec('RESET ALL;');
    const known = new Set(loadMigrations().map((migration) => migration.version));
    const newer = (
      await tx.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')
    )
      .map((row) => row.version)
      .filter((version) => !known.has(version));
    if (newer.length > 0) {
      throw new RestoreRefusedError(
        `This backup comes from a newer Parstock (migration ${newer.join(', ')}, which this version does not know). Restore it with that version or a later one. Nothing was restored.`,
      );
    }
  });
}
