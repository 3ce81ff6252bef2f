import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runParImport } from '@cli/par-import/run-par-import.ts';
import { openPglite } from '@db/client.ts';
import { migrate } from '@db/migrate.ts';
const mb = (n: number) => (n / 1048576).toFixed(0);
const dir = join(mkdtempSync(join(tmpdir(), 'probe-')), 'pg');
{ const db = await openPglite(dir); await migrate(db); await db.exec(`INSERT INTO districts (name) VALUES ('Bench');
    INSERT INTO locations (name, code, district_id) SELECT 'Bench café ' || n, 'B-' || lpad(n::text, 3, '0'), (SELECT id FROM districts) FROM generate_series(1, 179) AS n;
    INSERT INTO products (name, sku, cafe_order_category) SELECT 'Bench product ' || n, 'BP-' || lpad(n::text, 4, '0'), 'Bench' FROM generate_series(1, 280) AS n;
    INSERT INTO location_products (location_id, product_id, par) SELECT l.id, p.id, (p.id % 12) FROM locations l CROSS JOIN products p WHERE l.id % 2 = 0;`); await db.close(); }
Bun.gc(true);
const db = await openPglite(dir);
const lines = ['location_code,product,par'];
for (let i = 0; i < 50000; i++) { const location = Math.floor(i / 280) + 1; const product = (i % 280) + 1;
  const name = product % 2 ? `Bench product ${product}` : `BP-${String(product).padStart(4, '0')}`;
  const par = product % 3 === 0 ? product % 12 : ((product * 7) % 97) / 4; lines.push(`B-${String(location).padStart(3, '0')},${name},${par}`); }
const csvText = `${lines.join('\n')}\n`;
Bun.gc(true);
console.log('reopened', mb(process.memoryUsage.rss()));
let peak = 0; const t = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 5);
let phase = 'check'; let checkPeak = 0;
const started = performance.now();
await runParImport(db, { csvText, source: 'b.csv', dryRun: process.argv[2] === 'dry', overrideLocks: false }, (p) => { if (p.toWrite !== null && phase === 'check') { phase = 'write'; checkPeak = peak; console.log('checked', mb(process.memoryUsage.rss()), 'peak', mb(peak), ((performance.now()-started)/1000).toFixed(1)); } });
clearInterval(t);
console.log('done', mb(process.memoryUsage.rss()), 'peak', mb(peak), ((performance.now()-started)/1000).toFixed(1));
await db.close();
