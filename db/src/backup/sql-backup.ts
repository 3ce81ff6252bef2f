import type { PGlite } from '@electric-sql/pglite';
import { holdDatabase, simpleQuery } from '../pglite-hold.ts';

/** The first line of every backup Parstock writes: what `restore` looks for before it runs a file. */
export const BACKUP_FIRST_LINE = '-- Parstock backup';

/**
 * The embedded database as one SQL file (decision 128): PostgreSQL's own pg_dump, built for PGlite, with rows as
 * INSERT statements and without owners or grants, so the file restores into the embedded database and into a
 * PostgreSQL server whose user has another name. pg_dump speaks to PGlite below its queue, so the database is
 * held meanwhile: a request's transaction never runs inside the dump's session, and waits until it has ended.
 */
export async function dumpPglite(pg: PGlite, takenAt: Date = new Date()): Promise<string> {
  // Loaded on the first backup: a server that never takes one never holds pg_dump.
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const [row] = (await pg.query<{ search_path: string }>('SHOW search_path')).rows;
  const searchPath = row?.search_path ?? '"$user", public';
  const release = await holdDatabase(pg);
  let dump: File;
  try {
    const ignore = { onRawData: () => {} };
    // What pg_dump asks of its PGlite besides the wire protocol, answered without the queue this hold holds.
    const held = {
      query: async () => ({ rows: [{ search_path: searchPath }] }),
      exec: (sql: string) => pg.runExclusive(() => pg.execProtocolRawStream(simpleQuery(sql), ignore)),
      execProtocolRawStream: pg.execProtocolRawStream.bind(pg),
    } as unknown as PGlite;
    try {
      dump = await pgDump({ pg: held, args: ['--no-owner', '--no-privileges'] });
    } finally {
      // pg_dump ends by leaving its connection, which PGlite's one session outlives: its read-only transaction
      // would still be open and its settings (an empty search_path among them) still set for the server's
      // next request.
      await pg.runExclusive(async () => {
        if (pg.isInTransaction()) await pg.execProtocolRawStream(simpleQuery('ROLLBACK'), ignore);
        await pg.execProtocolRawStream(simpleQuery('RESET ALL'), ignore);
      });
    }
  } finally {
    release();
  }
  return `${BACKUP_FIRST_LINE}, taken ${takenAt.toISOString()}\n${await dump.text()}`;
}

/** Whether a file is a backup Parstock wrote, whole: pg_dump ends every complete dump with this line. */
export function isCompleteParstockBackup(text: string): boolean {
  return text.startsWith(BACKUP_FIRST_LINE) && /\n-- PostgreSQL database dump complete\n--\s*$/.test(text);
}
