import type { Db } from '@db/client.ts';
import { migrate } from '@db/migrate.ts';
import { openPgliteWithHandle } from '@db/pglite-client.ts';

// Creating a PGlite cluster costs seconds; loading a dump of an already-migrated one costs a fraction of that.
// Test files in one `bun test` run share this process, so the first one pays and the rest copy.
let template: Promise<Blob> | undefined;

function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const { db, pglite } = await openPgliteWithHandle();
    await migrate(db);
    const dump = await pglite.dumpDataDir('none');
    await db.close();
    return dump;
  })();
  return template;
}

/** A fresh in-memory PGlite with every migration applied, copied from a per-process template. */
export async function openMigratedPglite(): Promise<Db> {
  const { db } = await openPgliteWithHandle(undefined, { loadDataDir: await migratedTemplate() });
  return db;
}
