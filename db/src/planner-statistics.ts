import type { Db } from '@db/client.ts';

/**
 * The embedded database (PGlite) has no autovacuum daemon, so nothing gathers the planner's statistics: a
 * table never analyzed is planned from guesses (`retired_at IS NULL` taken for 0.5 % of the products), and
 * once the catalogue is large the café inventory read joins 20,000 products to a café's settings in a nested
 * loop (4 s instead of 70 ms). PostgreSQL's autovacuum does this by itself; on PGlite the server asks for it
 * when it starts. Whole-database ANALYZE samples each table, so it takes milliseconds at these sizes.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  if (db.driver !== 'pglite') return;
  await db.query('ANALYZE');
}
