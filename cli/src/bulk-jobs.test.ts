import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '@db/client.ts';
import { migrate } from '@db/migrate.ts';
import { openPglite } from '@db/pglite-client.ts';
import { seedDemo } from '@db/seed/demo.ts';
import { parseCsv } from '@engine/csv-parse.ts';
import { runParstock } from './testing/run-parstock.ts';

// The bulk jobs as cron and an administrator run them: real processes, no TTY, on a seeded embedded database.
const dir = mkdtempSync(join(tmpdir(), 'parstock-bulk-'));
const dataDir = join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const parstock = (args: string[], env: Record<string, string> = {}) =>
  runParstock(args, { cwd: dir, env: { DATA_DIR: dataDir, ...env } });

/** Opens the embedded database between commands (only one process may hold it at a time). */
async function withDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const db = await openPglite(join(dataDir, 'pglite'));
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

const PARS_STATE = `SELECT (SELECT md5(string_agg(location_id || ':' || product_id || ':' || par || ':' || par_locked, ','
                                     ORDER BY location_id, product_id)) FROM location_products) AS pars,
                           (SELECT count(*)::int FROM audit_log) AS audits`;

let lockedPar: number;
let muffinAtDt01: number;
let croissantSku: string;
let croissantAtDt02: number;
let missing: { code: string; product: string };
let before: unknown;

beforeAll(async () => {
  await withDb(async (db) => {
    await migrate(db);
    await seedDemo(db);
    const one = async <T>(sql: string) => {
      const [row] = await db.query<T>(sql);
      if (!row) throw new Error(`The demo data has no row for ${sql}`);
      return row;
    };
    const par = (code: string, product: string) =>
      one<{ par: number; sku: string }>(
        `SELECT lp.par, p.sku FROM location_products lp JOIN locations l ON l.id = lp.location_id
           JOIN products p ON p.id = lp.product_id WHERE l.code = '${code}' AND p.name = '${product}'`,
      );
    lockedPar = (await par('DT-01', 'House Espresso Blend')).par;
    muffinAtDt01 = (await par('DT-01', 'Blueberry Muffin')).par;
    const croissant = await par('DT-02', 'Butter Croissant');
    croissantSku = croissant.sku;
    croissantAtDt02 = croissant.par;
    // Small cafés do not carry every product: importing a PAR for one creates its row.
    missing = await one(
      `SELECT l.code, p.name AS product FROM locations l CROSS JOIN products p
        WHERE p.retired_at IS NULL AND NOT EXISTS (
          SELECT 1 FROM location_products lp WHERE lp.location_id = l.id AND lp.product_id = p.id)
        ORDER BY l.code, p.name LIMIT 1`,
    );
    before = await db.query(PARS_STATE);
  });
}, 60_000);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const write = (name: string, lines: string[]) => {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
};

describe('parstock pars import', () => {
  test('a file with bad rows changes nothing, reports every bad line and exits non-zero', async () => {
    const file = write('bad.csv', [
      'location_code,product,par',
      'DT-01,Blueberry Muffin,',
      'DT-01,Butter Croissant,-2',
      'DT-01,Chocolate Croissant,lots',
      'DT-01,Unicorn Syrup,4',
      'XX-9,Whole Milk,3',
      `DT-01,House Espresso Blend,${lockedPar + 1}`,
      'DT-02,Blueberry Muffin,12',
      'DT-02,Blueberry Muffin,10',
      'DT-03,Whole Milk,5',
    ]);
    const result = await parstock(['pars', 'import', file]);
    expect(result.exitCode).toBe(1);
    // stdout holds a result or nothing, so `summary=$(parstock pars import …)` never captures a failure.
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')).toEqual([
      'line 2: PAR is empty',
      'line 3: PAR -2 is negative',
      "line 4: PAR 'lots' is not a number",
      "line 5: unknown product 'Unicorn Syrup'",
      "line 6: unknown location 'XX-9'",
      `line 7: the PAR of 'House Espresso Blend' at DT-01 is locked at ${lockedPar}`,
      "line 9: 'Blueberry Muffin' at DT-02 is already on line 8",
      'error: bad.csv: 7 of 9 rows have problems; nothing was written. Locked PARs change only with --override-locks --as ADMIN_EMAIL.',
      '',
    ]);
  }, 30_000);

  test('a file that is missing or a folder is named in words, before the database is opened', async () => {
    const missingFile = await parstock(['pars', 'import', 'no-such.csv']);
    expect(missingFile.exitCode).toBe(1);
    expect(missingFile.stderr).toContain('error: No such file: no-such.csv');
    const folder = await parstock(['pars', 'import', dir]);
    expect(folder.exitCode).toBe(1);
    expect(folder.stderr).toContain(`error: Cannot read ${dir}: it is a folder; name the CSV file in it`);
    expect(folder.stderr).not.toContain('EISDIR');
  }, 30_000);

  test('bad rows sent to a file are each listed, escaping what they quote', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => `DT-01,Unicorn Syrup ${i + 1},4`);
    rows[0] = 'DT-01,"Unicorn\u001b[2J\rSyrup",4';
    const file = write('many-bad.csv', ['location_code,product,par', ...rows]);
    const result = await parstock(['pars', 'import', file]);
    expect(result.exitCode).toBe(1);
    const lines = result.stderr.split('\n');
    expect(lines).toHaveLength(120 + 2);
    expect(lines[0]).toBe("line 2: unknown product 'Unicorn\\x1B[2J\\rSyrup'");
    // The CR quoted in the first row ends a line, as editors show it: the rows after it are a line further down.
    expect(lines[119]).toBe("line 122: unknown product 'Unicorn Syrup 120'");
    expect(lines.slice(120)).toEqual([
      'error: many-bad.csv: 120 of 120 rows have problems; nothing was written.',
      '',
    ]);
    expect(await withDb((db) => db.query(PARS_STATE))).toEqual(before as never);
  }, 30_000);

  test('a file that is not CSV text is refused by name, without echoing its bytes', async () => {
    const program = join(dir, 'parstock-binary');
    writeFileSync(
      program,
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0x1b, 0x5b, 0x32, 0x4a, 0x0d, 0x0a, 0x9b]),
    );
    const binary = await parstock(['pars', 'import', program]);
    expect(binary).toMatchObject({
      exitCode: 1,
      stderr: `error: Cannot import ${program}: it is not a CSV text file (it holds binary data)\n`,
    });
    const latin1 = join(dir, 'latin1.csv');
    writeFileSync(latin1, Buffer.from('location_code,product,par\nDT-01,Caf\xe9 Latte,2\n', 'latin1'));
    expect((await parstock(['pars', 'import', latin1])).stderr).toBe(
      `error: Cannot import ${latin1}: it is not UTF-8 text (line 2 has a character in another encoding); save it as CSV UTF-8\n`,
    );
    const header = write('escape.csv', ['location\u001b[31m_code,product,par', 'DT-01,Whole Milk,2']);
    const badHeader = await parstock(['pars', 'import', header]);
    expect(badHeader.exitCode).toBe(1);
    expect(badHeader.stderr).toBe(
      'error: escape.csv: The CSV header needs the column(s) location_code (or pass --location); it has location\\x1B[31m_code, product, par\n',
    );
  }, 30_000);

  test('a byte that is not UTF-8 far past the start stops the import by name, with its line; nothing is written', async () => {
    const products = await withDb((db) =>
      db.query<{ name: string }>('SELECT name FROM products WHERE retired_at IS NULL ORDER BY id'),
    );
    const cafes = ['DT-01', 'DT-02', 'NS-01', 'NS-02'];
    // Valid rows that would change PARs, padded so the bad byte lies well past the 64 KiB looked at first.
    const rows = cafes.flatMap((code) =>
      products.map(({ name }) => `${code},"${name.replaceAll('"', '""')}",7.25,${'x'.repeat(80)}`),
    );
    const head = Buffer.from(`location_code,product,par,note\n${rows.join('\n')}\n`, 'utf8');
    expect(head.length).toBeGreaterThan(64 * 1024);
    const file = join(dir, 'late-cp1252.csv');
    writeFileSync(file, Buffer.concat([head, Buffer.from('DT-01,Ham & Gruy\xe8re Croissant,2\n', 'latin1')]));
    const result = await parstock(['pars', 'import', file]);
    expect(result).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: `error: Cannot import ${file}: it is not UTF-8 text (line ${rows.length + 2} has a character in another encoding); save it as CSV UTF-8\n`,
    });
    expect(await withDb((db) => db.query(PARS_STATE))).toEqual(before as never);
  }, 30_000);

  test('an export imported again: an exact column name wins over an alias, and a defused name reads as written', async () => {
    const file = write('par-health.csv', [
      'Product,Location code,Verdict,PAR,Suggested PAR,Location',
      `'-Unknown Lid,DT-01,ok,3,3,Harbor Street Café`,
    ]);
    const result = await parstock(['pars', 'import', file, '--dry-run']);
    expect(result.stderr.split('\n')[0]).toBe("line 2: unknown product '-Unknown Lid'");
  }, 30_000);

  const good = () =>
    write('good.csv', [
      'location_code,product,par',
      `DT-01,Blueberry Muffin,${muffinAtDt01 + 1.25}`,
      `DT-02,${croissantSku},${croissantAtDt02}`,
      `${missing.code},${missing.product},2.5`,
    ]);

  test('a dry run shows what would change and writes nothing', async () => {
    const result = await parstock(['pars', 'import', good(), '--dry-run']);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    const lines = result.stdout.split('\n');
    expect(lines[0]).toStartWith(
      '✔ Dry run of good.csv: 3 rows checked, nothing written (embedded database in',
    );
    expect(lines.slice(1, 4)).toEqual(['  1 would be created', '  1 would change', '  1 unchanged']);
    expect(lines[5]).toMatch(
      new RegExp(`^  line 2  DT-01  Blueberry Muffin +${muffinAtDt01} → ${muffinAtDt01 + 1.25}$`),
    );
    expect(lines[6]).toMatch(
      new RegExp(`^  line 4  ${missing.code}  ${escapeRegExp(missing.product)} +— → 2.5$`),
    );
    expect(await withDb((db) => db.query(PARS_STATE))).toEqual(before as never);
  }, 30_000);

  test('--override-locks without --as is refused before anything is read', async () => {
    const result = await parstock(['pars', 'import', 'whatever.csv', '--override-locks']);
    expect(result).toEqual({
      exitCode: 1,
      stdout: '',
      stderr:
        'error: --override-locks needs --as ADMIN_EMAIL: the admin who takes responsibility for changing locked PARs.\n',
    });
  });

  test("a good file writes every row, each café's changed PARs in one audit entry", async () => {
    const result = await parstock(['pars', 'import', good()]);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(result.stdout.split('\n').slice(1)).toEqual(['  1 created', '  1 changed', '  1 unchanged', '']);
    await withDb(async (db) => {
      const pars = await db.query<{ code: string; product: string; par: number }>(
        `SELECT l.code, p.name AS product, lp.par FROM location_products lp JOIN locations l ON l.id = lp.location_id
           JOIN products p ON p.id = lp.product_id
          WHERE (l.code, p.name) IN (('DT-01', 'Blueberry Muffin'), ('DT-02', 'Butter Croissant'), ($1, $2))
          ORDER BY l.code, p.name`,
        [missing.code, missing.product],
      );
      expect(pars).toEqual(
        [
          { code: 'DT-01', product: 'Blueberry Muffin', par: muffinAtDt01 + 1.25 },
          { code: 'DT-02', product: 'Butter Croissant', par: croissantAtDt02 },
          { code: missing.code, product: missing.product, par: 2.5 },
        ].sort((a, b) => (a.code + a.product < b.code + b.product ? -1 : 1)),
      );
      // The changed PAR (DT-01) and the created one: one entry per café, two PARs in all.
      const audits = await db.query<{ pars: number }>(
        `SELECT (SELECT count(*) FROM jsonb_object_keys(after->'pars'))::int AS pars
           FROM audit_log WHERE action = 'par.import' AND after->>'source' = 'good.csv'`,
      );
      expect(audits).toHaveLength(new Set(['DT-01', missing.code]).size);
      expect(audits.reduce((sum, entry) => sum + entry.pars, 0)).toBe(2);
    });
  }, 30_000);
});

describe('parstock counts export', () => {
  test('exports the counted items of one café in a date range as CSV', async () => {
    const expected = await withDb((db) =>
      db.query<{ kind: string; product: string; count: number; sessionId: number }>(
        `SELECT 'count' AS kind, p.name AS product, ci.count, ci.session_id AS "sessionId"
           FROM count_items ci JOIN count_sessions cs ON cs.id = ci.session_id JOIN locations l ON l.id = cs.location_id
           JOIN products p ON p.id = ci.product_id
          WHERE l.code = 'DT-01' AND ci.count IS NOT NULL
            AND (COALESCE(ci.typed_at, ci.updated_at) AT TIME ZONE l.timezone)::date
                BETWEEN (now() AT TIME ZONE l.timezone)::date - 10 AND (now() AT TIME ZONE l.timezone)::date - 3
         UNION ALL
         SELECT 'nightly', p.name, nci.count, nc.id
           FROM nightly_count_items nci JOIN nightly_counts nc ON nc.id = nci.nightly_count_id
           JOIN locations l ON l.id = nc.location_id JOIN products p ON p.id = nci.product_id
          WHERE l.code = 'DT-01' AND nci.count IS NOT NULL
            AND nc.business_date BETWEEN (now() AT TIME ZONE l.timezone)::date - 10 AND (now() AT TIME ZONE l.timezone)::date - 3
          ORDER BY 1, 4, 2`,
      ),
    );
    const [from, to] = await withDb(async (db) => {
      const [row] = await db.query<{ from: string; to: string }>(
        `SELECT ((now() AT TIME ZONE timezone)::date - 10)::text AS "from", ((now() AT TIME ZONE timezone)::date - 3)::text AS "to"
           FROM locations WHERE code = 'DT-01'`,
      );
      return [row?.from ?? '', row?.to ?? ''];
    });
    const result = await parstock(['counts', 'export', '--location', 'dt-01', '--from', from, '--to', to]);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    const csv = parseCsv(result.stdout);
    expect(csv.header.slice(0, 6)).toEqual([
      'kind',
      'location_code',
      'location_name',
      'business_date',
      'session_id',
      'product',
    ]);
    expect(expected.length).toBeGreaterThan(100);
    const rows = csv.rows.map((r) => r.cells);
    expect(
      rows
        .map(([kind, , , , session, product, , , count]) => ({
          kind,
          product,
          count: Number(count),
          sessionId: Number(session),
        }))
        .sort(
          (a, b) =>
            (a.kind ?? '').localeCompare(b.kind ?? '') ||
            a.sessionId - b.sessionId ||
            (a.product ?? '').localeCompare(b.product ?? ''),
        ),
    ).toEqual(
      expected.sort(
        (a, b) =>
          a.kind.localeCompare(b.kind) || a.sessionId - b.sessionId || a.product.localeCompare(b.product),
      ),
    );
    expect(rows.every((r) => r[1] === 'DT-01' && (r[3] ?? '') >= from && (r[3] ?? '') <= to)).toBe(true);
  }, 30_000);
});

describe('parstock report <name>', () => {
  test('a day that is not on the calendar is named with its option, in the words of counts export', async () => {
    for (const command of [
      ['report', 'usage'],
      ['counts', 'export', '--all'],
    ]) {
      const result = await parstock([...command, '--from', '2026-02-30', '--to', '2026-03-01']);
      expect(result).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: "error: --from: '2026-02-30' is not a day of the calendar\n",
      });
    }
  }, 30_000);
});

describe('parstock report nightly', () => {
  test("reports yesterday's nightly count of every café in its own time zone", async () => {
    const expected = await withDb((db) =>
      db.query<{ code: string; done: boolean; squareRecorded: boolean }>(
        `SELECT l.code, nc.completed_at IS NOT NULL AS done,
                EXISTS (SELECT 1 FROM nightly_count_items nci
                         WHERE nci.nightly_count_id = nc.id AND nci.square_quantity IS NOT NULL) AS "squareRecorded"
           FROM locations l LEFT JOIN nightly_counts nc
             ON nc.location_id = l.id AND nc.business_date = (now() AT TIME ZONE l.timezone)::date - 1
          WHERE l.active ORDER BY l.code`,
      ),
    );
    const result = await parstock(['report', 'nightly']);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    const tableRows = result.stdout.split('\n').filter((line) => /^\| [A-Z]{2}-\d\d /.test(line));
    expect(tableRows.map((line) => [line.slice(2, 7), /\| completed \d\d:\d\d by /.test(line)])).toEqual(
      expected.map((e) => [e.code, e.done]),
    );
    const done = expected.filter((e) => e.done).length;
    expect(result.stdout).toContain(`${done} of ${expected.length} cafés completed their nightly count`);
    // The demo's nightly counts carry the Square figure recorded with them, so those show a variance; a café
    // with no recorded figure is not connected here (no Square mapping in this database): nothing is invented.
    expect(
      tableRows.map((line) =>
        /n\/a — (Square not connected|no nightly count) \|$/.test(line)
          ? 'n/a'
          : /\| -?[\d.]+( \(\d+ of \d+ items\))? \|$/.test(line)
            ? 'variance'
            : line,
      ),
    ).toEqual(expected.map((e) => (e.squareRecorded ? 'variance' : 'n/a')));
  }, 30_000);

  test('writes CSV for a given date to a file, leaving out a café not open yet', async () => {
    // The day the last café opened; that café is then made to open the day after, so the report leaves it out.
    const [day] = await withDb((db) =>
      db.query<{ date: string; code: string }>(
        `SELECT to_char((created_at AT TIME ZONE timezone)::date, 'YYYY-MM-DD') AS date, code
           FROM locations WHERE active ORDER BY (created_at AT TIME ZONE timezone)::date DESC, code LIMIT 1`,
      ),
    );
    if (!day) throw new Error('The demo data has no café');
    const expected = await withDb(async (db) => {
      await db.query(`UPDATE locations SET created_at = created_at + interval '1 day' WHERE code = $1`, [
        day.code,
      ]);
      return db.query<{ code: string; status: string }>(
        `SELECT l.code, CASE WHEN nc.completed_at IS NOT NULL THEN 'completed'
                             WHEN nc.id IS NOT NULL THEN 'started' ELSE 'missing' END AS status
           FROM locations l LEFT JOIN nightly_counts nc ON nc.location_id = l.id AND nc.business_date = $1::date
          WHERE l.active AND l.code <> $2 ORDER BY l.code`,
        [day.date, day.code],
      );
    });
    const out = join(dir, 'nightly.csv');
    try {
      const result = await parstock([
        'report',
        'nightly',
        '--date',
        day.date,
        '--format',
        'csv',
        '--out',
        out,
      ]);
      expect(result).toMatchObject({ exitCode: 0, stderr: '' });
      expect(result.stdout).toStartWith(`✔ Wrote the nightly report for ${day.date} to ${out}`);
      const csv = parseCsv(await Bun.file(out).text());
      expect(csv.rows.map((r) => [r.cells[0], r.cells[3]])).toEqual(expected.map((e) => [e.code, e.status]));
    } finally {
      await withDb((db) =>
        db.query(`UPDATE locations SET created_at = created_at - interval '1 day' WHERE code = $1`, [
          day.code,
        ]),
      );
    }
  }, 30_000);

  test('on the day a chain opens, says when its first report comes instead of "No active locations"', async () => {
    const opened = await withDb((db) =>
      db.query<{ id: number; createdAt: string }>(
        `SELECT id, created_at::text AS "createdAt" FROM locations`,
      ),
    );
    await withDb((db) => db.query('UPDATE locations SET created_at = now()'));
    try {
      const result = await parstock(['report', 'nightly']);
      expect(result).toMatchObject({ exitCode: 0, stderr: '' });
      expect(result.stdout).toMatch(
        /^# Nightly counts\n\nNo café has a full day behind it yet: the first opened on \d{4}-\d\d-\d\d, so the first nightly report is for that day, once it is over\.\n$/,
      );
    } finally {
      await withDb(async (db) => {
        for (const { id, createdAt } of opened) {
          await db.query('UPDATE locations SET created_at = $2::timestamptz WHERE id = $1', [id, createdAt]);
        }
      });
    }
  }, 30_000);

  test('fails with a non-zero exit on a bad date or an unreachable database', async () => {
    expect(await parstock(['report', 'nightly', '--date', '2026-02-30'])).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: "error: --date: '2026-02-30' is not a day of the calendar\n",
    });
    // A day before every café opened, or still running, or to come, would call every café missing: refused.
    const before = await parstock(['report', 'nightly', '--date', '2020-01-01']);
    expect(before).toMatchObject({ exitCode: 1, stdout: '' });
    expect(before.stderr).toMatch(
      /^error: No café was open on 2020-01-01: the first opened on \d{4}-\d\d-\d\d\.\n$/,
    );
    const future = await parstock(['report', 'nightly', '--date', '2999-01-01']);
    expect(future).toMatchObject({ exitCode: 1, stdout: '' });
    expect(future.stderr).toMatch(
      /^error: 2999-01-01 has not ended at .+ \(.+\): the nightly report is for a day that is over\. Leave out --date for each café's last full day\.\n$/,
    );
    const unreachable = await parstock(['report', 'nightly'], {
      DATABASE_URL: 'postgres://parstock@127.0.0.1:1/parstock',
    });
    expect(unreachable.exitCode).toBe(1);
    expect(unreachable.stderr).toStartWith('error: Cannot open the PostgreSQL at 127.0.0.1:1/parstock: ');
  }, 30_000);
});
