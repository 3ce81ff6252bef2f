import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { ParImportConflictError } from '@db/repositories/par-import.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import {
  CHECK_CHUNK_ROWS,
  type ParImportProgress,
  ParImportRejectedError,
  type ParImportRequest,
  ParImportRequestError,
  runParImport,
  WRITE_CHUNK_ROWS,
} from './run-par-import.ts';

let db: Db;

beforeAll(async () => {
  db = await openTestDb();
  await db.exec(`
    INSERT INTO districts (name) VALUES ('Downtown');
    INSERT INTO locations (name, code, district_id, active)
    SELECT v.name, v.code, d.id, v.active FROM districts d,
      (VALUES ('Harbor Street Café', 'DT-01', true), ('Market Hall', 'DT-02', true), ('Old Pier', 'OP-01', false))
      AS v(name, code, active);
    INSERT INTO products (name, sku, cafe_order_category) VALUES
      ('Whole Milk', 'DAI-001', 'Dairy'), ('Oat Milk', 'DAI-002', 'Dairy'), ('House Espresso Blend', 'COF-001', 'Coffee');
    INSERT INTO users (email, password_hash, role_key, active) VALUES
      ('admin@example.com', 'x', 'admin', true), ('manager@example.com', 'x', 'cafe_manager', true),
      ('gone@example.com', 'x', 'admin', false), ('staff@example.com', 'x', 'staff', true),
      ('district@example.com', 'x', 'district_manager', true);
    INSERT INTO location_products (location_id, product_id, par, par_locked)
    SELECT l.id, p.id, v.par, v.locked FROM (VALUES
      ('DT-01', 'Whole Milk', 12, false), ('DT-01', 'House Espresso Blend', 6, true), ('DT-02', 'Whole Milk', 8, false)
    ) AS v(code, product, par, locked) JOIN locations l ON l.code = v.code JOIN products p ON p.name = v.product;
  `);
});
afterAll(() => db.close());

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const request = (
  csvText: ParImportRequest['csvText'],
  overrides: Partial<ParImportRequest> = {},
): ParImportRequest => ({
  csvText,
  source: 'pars.csv',
  dryRun: false,
  overrideLocks: false,
  ...overrides,
});

/** Everything an import may touch, to prove a refused one touched nothing. */
async function snapshot() {
  return db.query(
    `SELECT (SELECT json_agg(lp ORDER BY location_id, product_id) FROM location_products lp)::text AS pars,
            (SELECT count(*)::int FROM audit_log) AS audits`,
  );
}

async function rejection(promise: Promise<unknown>): Promise<ParImportRejectedError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ParImportRejectedError) return error;
    throw error;
  }
  throw new Error('The import was not rejected');
}

describe('runParImport', () => {
  test('a barcode column finds products by their code; a bad or unknown code is reported by line', async () => {
    await db.exec(
      "UPDATE products SET barcode = '036000291452' WHERE name = 'Oat Milk';" +
        "UPDATE products SET barcode = '4006381333931' WHERE name = 'Whole Milk'",
    );
    try {
      const before = await snapshot();
      const error = await rejection(
        runParImport(
          db,
          request(
            csv(
              'location_code,barcode,par',
              'DT-02,0036000291452,3',
              'DT-02,036000291453,1',
              'DT-02,96385074,2',
            ),
          ),
        ),
      );
      expect(error.problems.map((p) => `line ${p.line}: ${p.code}`)).toEqual([
        'line 3: invalid_barcode',
        'line 4: unknown_barcode',
      ]);
      expect(await snapshot()).toEqual(before);

      const result = await runParImport(
        db,
        request(
          csv(
            'location_code,product,barcode,par',
            'DT-02,,036000291452,3',
            'DT-02,Whole Milk,4006381333931,9',
          ),
          {
            dryRun: true,
          },
        ),
      );
      expect(result.tally).toMatchObject({ rows: 2, created: 1, changed: 1 });
      expect(result.preview.map((row) => row.product)).toEqual(['Oat Milk', 'Whole Milk']);
    } finally {
      await db.exec('UPDATE products SET barcode = NULL');
    }
  });

  test('a file with bad rows is rejected with every problem in line order, and nothing is written', async () => {
    const before = await snapshot();
    const error = await rejection(
      runParImport(
        db,
        request(
          csv(
            'location_code,product,par',
            'DT-01,Oat Milk,4',
            'DT-01,Whole Milk,',
            'DT-01,Oat Milk,5',
            'DT-09,Whole Milk,1',
            'DT-01,Chai,abc',
            'DT-01,House Espresso Blend,7',
            'OP-01,Whole Milk,1',
            'DT-02,Whole Milk,-1',
          ),
        ),
      ),
    );
    expect(error.problems.map((p) => `line ${p.line}: ${p.message}`)).toEqual([
      'line 3: PAR is empty',
      "line 4: 'Oat Milk' at DT-01 is already on line 2",
      "line 5: unknown location 'DT-09'",
      "line 6: PAR 'abc' is not a number",
      "line 6: unknown product 'Chai'",
      "line 7: the PAR of 'House Espresso Blend' at DT-01 is locked at 6",
      'line 8: location OP-01 is deactivated',
      'line 9: PAR -1 is negative',
    ]);
    expect(error.message).toBe('7 of 8 rows have problems; nothing was written.');
    expect(await snapshot()).toEqual(before);
  });

  test('a dry run says what would change and writes nothing', async () => {
    const before = await snapshot();
    const result = await runParImport(
      db,
      request(
        csv('location_code,product,par', 'DT-01,Whole Milk,14', 'DT-01,DAI-002,3', 'DT-02,whole milk,8'),
        {
          dryRun: true,
        },
      ),
    );
    expect(result.tally).toEqual({ rows: 3, created: 1, changed: 1, unchanged: 1, locksOverridden: 0 });
    expect(result.preview).toEqual([
      { line: 2, locationCode: 'DT-01', product: 'Whole Milk', before: 12, after: 14, overridesLock: false },
      { line: 3, locationCode: 'DT-01', product: 'Oat Milk', before: null, after: 3, overridesLock: false },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  test('a file Excel saved with semicolons is read as its columns; a decimal comma is told how to write it', async () => {
    const before = await snapshot();
    const preview = await runParImport(
      db,
      request(csv('location_code;product;par', 'DT-01;Whole Milk;14', 'DT-01;DAI-002;3.5'), { dryRun: true }),
    );
    expect(preview.tally).toMatchObject({ rows: 2, created: 1, changed: 1 });
    const refused = await rejection(
      runParImport(db, request(csv('location_code;product;par', 'DT-01;Whole Milk;2,5'))),
    );
    expect(refused.problems.map((p) => `line ${p.line}: ${p.message}`)).toEqual([
      "line 2: PAR '2,5' is not a number; write decimals with a point (2.5)",
    ]);
    expect(await snapshot()).toEqual(before);
  });

  test('a row with more cells than the header is refused, not cut to the header: 2,5 is not a PAR of 2', async () => {
    const before = await snapshot();
    const refused = await rejection(
      runParImport(
        db,
        request(csv('location_code,product,par', 'DT-01,Whole Milk,2,5', 'DT-01,Oat Milk,3'), {
          dryRun: true,
        }),
      ),
    );
    expect(refused.problems.map((p) => `line ${p.line}: ${p.message}`)).toEqual([
      'line 2: has 4 cells but the header has 3 columns (a comma inside a cell needs quotes); if the PAR is 2,5, write decimals with a point (2.5)',
    ]);
    const wide = await rejection(
      runParImport(
        db,
        request(
          csv('location_code,product,par,note', 'DT-01,Whole Milk,2,5,recount', 'DT-02,Whole Milk,8,ok'),
        ),
      ),
    );
    expect(wide.problems.map((p) => `line ${p.line}: ${p.code}`)).toEqual(['line 2: too_many_cells']);
    expect(await snapshot()).toEqual(before);
    // Columns the import does not use are ignored, as documented: rows as wide as their header pass.
    const withNote = await runParImport(
      db,
      request(csv('location_code,product,par,note', 'DT-01,Whole Milk,14,recount', 'DT-01,Oat Milk,2'), {
        dryRun: true,
      }),
    );
    expect(withNote.tally).toMatchObject({ rows: 2, created: 1, changed: 1 });
  });

  test('refuses what is wrong with the request before checking rows', async () => {
    const bad = (text: string, overrides: Partial<ParImportRequest> = {}) =>
      runParImport(db, request(text, overrides));
    await expect(bad(csv('product,par', 'Whole Milk,1'))).rejects.toThrow(
      'pars.csv: The CSV header needs the column(s) location_code (or pass --location); it has product, par',
    );
    await expect(bad(csv('location_code,product,par'))).rejects.toThrow(
      'pars.csv has a header but no rows to import.',
    );
    await expect(bad('location_code,product,par\n"DT-01,Whole Milk,1\n')).rejects.toThrow(
      'pars.csv line 2: a quoted cell is never closed',
    );
    await expect(bad(csv('product,par', 'Whole Milk,1'), { defaultLocation: 'XX-1' })).rejects.toThrow(
      "Unknown location code 'XX-1'. Valid codes: DT-01, DT-02, OP-01",
    );
    await expect(bad(csv('product,par', 'Whole Milk,1'), { defaultLocation: 'op-01' })).rejects.toThrow(
      '--location: OP-01 is deactivated',
    );
    const locked = csv('location_code,product,par', 'DT-01,House Espresso Blend,7');
    await expect(bad(locked, { overrideLocks: true })).rejects.toThrow(
      '--override-locks needs --as ADMIN_EMAIL',
    );
    await expect(bad(locked, { overrideLocks: true, actorEmail: 'manager@example.com' })).rejects.toThrow(
      '--as: manager@example.com is a café manager; PAR imports are run as an admin',
    );
    await expect(bad(locked, { overrideLocks: true, actorEmail: 'staff@example.com' })).rejects.toThrow(
      '--as: staff@example.com is staff; PAR imports are run as an admin',
    );
    await expect(bad(locked, { actorEmail: 'district@example.com' })).rejects.toThrow(
      '--as: district@example.com is a district manager; PAR imports are run as an admin',
    );
    await expect(bad(locked, { overrideLocks: true, actorEmail: 'gone@example.com' })).rejects.toThrow(
      '--as: gone@example.com is deactivated',
    );
    await expect(bad(locked, { actorEmail: 'who@example.com' })).rejects.toThrow(
      '--as: no user has the email who@example.com',
    );
    await expect(bad(locked)).rejects.toBeInstanceOf(ParImportRejectedError);
    await expect(bad(csv('product,par', 'Whole Milk,1'))).rejects.toBeInstanceOf(ParImportRequestError);
  });

  test('writes creates and changes with their audit rows, taking the café from --location', async () => {
    const progress: ParImportProgress[] = [];
    const result = await runParImport(
      db,
      request(csv('product,par', 'Whole Milk,10.5', 'Oat Milk,2', 'House Espresso Blend,6'), {
        defaultLocation: 'dt-01',
        actorEmail: 'admin@example.com',
      }),
      (p) => progress.push(p),
    );
    expect(result).toMatchObject({
      dryRun: false,
      tally: { rows: 3, created: 1, changed: 1, unchanged: 1, locksOverridden: 0 },
    });
    expect(progress.at(-1)).toEqual({ rows: 3, checked: 3, toWrite: 2, written: 2 });
    const pars = await db.query(
      `SELECT p.name, lp.par FROM location_products lp JOIN locations l ON l.id = lp.location_id
         JOIN products p ON p.id = lp.product_id WHERE l.code = 'DT-01' ORDER BY p.name`,
    );
    expect(pars).toEqual([
      { name: 'House Espresso Blend', par: 6 },
      { name: 'Oat Milk', par: 2 },
      { name: 'Whole Milk', par: 10.5 },
    ]);
    const audits = await db.query<{ email: string; before: unknown; after: unknown }>(
      `SELECT u.email, a.before, a.after FROM audit_log a JOIN users u ON u.id = a.actor_id
        WHERE a.action = 'par.import' ORDER BY a.id`,
    );
    // One entry for the café: the change and the create together, keyed by product id.
    expect(audits.map((a) => [a.email, a.before, a.after])).toEqual([
      ['admin@example.com', { pars: { 1: 12 } }, { source: 'pars.csv', pars: { 1: 10.5, 2: 2 } }],
    ]);
  });

  test('an admin named with --as may override a lock; the audit row says so', async () => {
    const result = await runParImport(
      db,
      request(csv('location_code,product,par', 'DT-01,COF-001,7.75'), {
        overrideLocks: true,
        actorEmail: 'ADMIN@example.com',
      }),
    );
    expect(result.tally).toMatchObject({ changed: 1, locksOverridden: 1 });
    const [audit] = await db.query<{ after: unknown }>(
      "SELECT after FROM audit_log WHERE action = 'par.import' ORDER BY id DESC LIMIT 1",
    );
    expect(audit?.after).toEqual({ source: 'pars.csv', pars: { 3: 7.75 }, lockOverridden: [3] });
  });

  test('a PAR changed by someone else after the check rolls the whole import back', async () => {
    const before = await snapshot();
    const text = csv('location_code,product,par', 'DT-02,Oat Milk,1', 'DT-02,Whole Milk,9');
    // Just before writing, a manager changes one of the PARs in the app; the write starts once that is stored.
    let managerEdit: Promise<unknown> = Promise.resolve();
    const racing: Db = {
      ...db,
      transaction: async (fn) => {
        await managerEdit;
        return db.transaction(fn);
      },
    };
    const importing = runParImport(racing, request(text), (p) => {
      if (p.toWrite !== null && p.written === 0) {
        managerEdit = db.query(
          `UPDATE location_products SET par = 3 WHERE location_id = (SELECT id FROM locations WHERE code = 'DT-02')`,
        );
      }
    });
    await expect(importing).rejects.toBeInstanceOf(ParImportConflictError);
    await expect(importing).rejects.toThrow(
      '1 PAR was changed or locked by someone else while the import ran',
    );
    const after = await snapshot();
    expect(after[0]?.audits).toEqual(before[0]?.audits);
    const rows = await db.query(
      `SELECT p.name, lp.par FROM location_products lp JOIN locations l ON l.id = lp.location_id
         JOIN products p ON p.id = lp.product_id WHERE l.code = 'DT-02' ORDER BY p.name`,
    );
    // The manager's change stands; the import's Oat Milk row was rolled back with the rest.
    expect(rows).toEqual([{ name: 'Whole Milk', par: 3 }]);
  });

  test(`writes more rows than one chunk (${WRITE_CHUNK_ROWS}) in one transaction, reporting each chunk`, async () => {
    await db.exec(`
      INSERT INTO locations (name, code, district_id)
      SELECT 'Bulk ' || n, 'BULK-' || n, (SELECT id FROM districts LIMIT 1) FROM generate_series(1, 6) AS n;
      INSERT INTO products (name, sku, cafe_order_category)
      SELECT 'Bulk product ' || n, 'BULK-SKU-' || n, 'Bulk' FROM generate_series(1, 1000) AS n;
    `);
    const lines = ['location_code,product,par'];
    for (let l = 1; l <= 6; l++) {
      for (let p = 1; p <= 1000; p++)
        lines.push(`BULK-${l},${p % 2 ? `Bulk product ${p}` : `BULK-SKU-${p}`},${(p % 8) / 4}`);
    }
    const progress: ParImportProgress[] = [];
    const result = await runParImport(db, request(csv(...lines), { source: 'bulk.csv' }), (p) =>
      progress.push(p),
    );
    expect(result.tally).toEqual({ rows: 6000, created: 6000, changed: 0, unchanged: 0, locksOverridden: 0 });
    expect(progress.map((p) => p.written).filter((w, i, all) => w !== all[i - 1])).toEqual([0, 5000, 6000]);
    expect(progress.map((p) => p.checked).filter((c, i, all) => c !== all[i - 1])).toEqual([0, 5000, 6000]);
    const [written] = await db.query<{ pars: number; audits: number }>(
      `SELECT (SELECT count(*)::int FROM location_products lp JOIN locations l ON l.id = lp.location_id
                WHERE l.code LIKE 'BULK-%') AS pars,
              (SELECT sum((SELECT count(*) FROM jsonb_object_keys(after->'pars'))) FROM audit_log
                WHERE after->>'source' = 'bulk.csv')::int AS audits`,
    );
    expect(written).toEqual({ pars: 6000, audits: 6000 });
  }, 60_000);

  test('a file read in pieces is checked a chunk at a time: every problem reported, nothing written', async () => {
    await db.exec(`
      INSERT INTO locations (name, code, district_id)
      SELECT 'Stream ' || n, 'STREAM-' || n, (SELECT id FROM districts LIMIT 1) FROM generate_series(1, 3) AS n;
      INSERT INTO products (name, cafe_order_category)
      SELECT 'Stream product ' || n, 'Stream' FROM generate_series(1, 2500) AS n;
    `);
    const lines = ['location_code,product,par'];
    for (let l = 1; l <= 3; l++) {
      for (let p = 1; p <= 2500; p++) lines.push(`STREAM-${l},"Stream product ${p}",${p % 5}`);
    }
    const text = csv(...lines);
    // Pieces of 7 characters cut through cells, quotes and line ends; the reading is recorded.
    let piecesRead = 0;
    let piecesReadAtFirstChunk = 0;
    async function* pieces(source: string) {
      for (let i = 0; i < source.length; i += 7) {
        piecesRead += 1;
        yield source.slice(i, i + 7);
      }
    }
    const onProgress = (p: ParImportProgress) => {
      if (p.checked === CHECK_CHUNK_ROWS && piecesReadAtFirstChunk === 0) piecesReadAtFirstChunk = piecesRead;
    };

    const bad = text
      .replace('STREAM-1,"Stream product 9",4', 'STREAM-1,"Stream product 9",four')
      .replace('STREAM-3,"Stream product 2400",0', 'STREAM-3,"No such product",0');
    const before = await snapshot();
    const error = await rejection(
      runParImport(db, request(pieces(bad), { source: 'stream.csv' }), onProgress),
    );
    expect(error.problems.map((p) => p.line)).toEqual([10, 7401]);
    expect(error.rows).toBe(7500);
    expect(await snapshot()).toEqual(before);
    // The first chunk was checked before the rest of the file had been read.
    expect(piecesReadAtFirstChunk).toBeGreaterThan(0);
    expect(piecesReadAtFirstChunk).toBeLessThan(piecesRead);

    const result = await runParImport(db, request(pieces(text), { source: 'stream.csv' }));
    expect(result.tally).toEqual({ rows: 7500, created: 7500, changed: 0, unchanged: 0, locksOverridden: 0 });
    const [written] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM location_products lp JOIN locations l ON l.id = lp.location_id
        WHERE l.code LIKE 'STREAM-%'`,
    );
    expect(written?.n).toBe(7500);
  }, 60_000);
});
