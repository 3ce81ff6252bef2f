import type { Db } from '@db/client.ts';

/**
 * The embedded database (PGlite) has no autovacuum daemon. Without it, every upsert of a count, a PAR or a list
 * leaves its old row version behind for good: tables only grow, the planner's statistics date from the last start,
 * and no page is ever marked all-visible, so index-only scans read the table too. PostgreSQL's autovacuum does this
 * itself; on PGlite the server does what it would, with its default thresholds: a table with more dead rows than
 * 50 + 20 % of its rows is vacuumed and analyzed, one changed by more than 50 + 10 % of its rows since its last
 * statistics is analyzed. Each table goes on its own, so the one connection is held for one table at a time.
 * Returns what was done, for the log.
 */
export async function vacuumWhereDue(db: Db): Promise<string[]> {
  if (db.driver !== 'pglite') return [];
  const due = await db.query<{ name: string; vacuum: boolean }>(
    `SELECT format('%I.%I', s.schemaname, s.relname) AS name,
            s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) AS vacuum
       FROM pg_stat_user_tables s
       JOIN pg_class c ON c.oid = s.relid
      WHERE s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
         OR s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
      ORDER BY s.n_dead_tup DESC, name`,
  );
  const done: string[] = [];
  for (const table of due) {
    const work = table.vacuum ? 'VACUUM (ANALYZE)' : 'ANALYZE';
    await db.query(`${work} ${table.name}`);
    done.push(`${work} ${table.name}`);
  }
  return done;
}
