import { rmSync } from 'node:fs';
import { currentProductsVersion } from '@db/repositories/products.ts';
import { addBenchProducts, openDemoBenchDb } from './support/bench-app.ts';

/**
 * What reading the product list's version costs as the catalogue grows (decision 052), on the embedded database:
 * the one-row token that `GET /api/products` reads on every request, beside the hash over every listed product's
 * id and row version that it read before (decision 043). Each size of BENCH_PRODUCTS (default 3,000 and 20,000)
 * prints the median and the slowest of BENCH_READS (50) reads of each. Figures are printed, never asserted.
 */

const SIZES = (process.env.BENCH_PRODUCTS ?? '3000,20000').split(',').map(Number);
const READS = Number(process.env.BENCH_READS ?? 50);
const HASHED_VERSION = `SELECT md5(coalesce(string_agg(id::text || '.' || xmin::text, ',' ORDER BY id), '')) AS version
  FROM products WHERE retired_at IS NULL`;

const { db, dataDir } = await openDemoBenchDb('version');
const timed = async (read: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < READS; i++) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `median ${(times[Math.floor(times.length / 2)] ?? 0).toFixed(2)} ms, slowest ${(times.at(-1) ?? 0).toFixed(2)} ms`;
};
try {
  for (const size of SIZES) {
    const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM products WHERE retired_at IS NULL',
    );
    if (size > total) await addBenchProducts(db, size - total, total);
    console.log(`${size.toLocaleString('en-US')} products (PGlite), ${READS} reads each:`);
    console.log(`  the version token (now)         ${await timed(() => currentProductsVersion(db))}`);
    console.log(`  the hash over every product     ${await timed(() => db.query(HASHED_VERSION))}`);
  }
} finally {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
