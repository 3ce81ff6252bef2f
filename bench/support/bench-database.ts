import { randomBytes } from 'node:crypto';
import postgres, { type Sql } from 'postgres';

export interface BenchDatabase {
  name: string;
  /** The server's URL with this database in its path. */
  url: string;
  /** The server's maintenance connection (`ALTER DATABASE …` for a diagnosis, `pg_stat_activity` samples). */
  admin: Sql;
  /** Drops the database, whoever is still connected to it, and closes the maintenance connection. */
  drop: () => Promise<void>;
}

/**
 * A fresh database on the PostgreSQL server at `serverUrl` for one bench run, so that no figure depends on what an
 * earlier run left behind. The caller drops it in a `finally`.
 */
export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `parstock_bench_${randomBytes(5).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.end({ timeout: 5 });
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    admin,
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}
