import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import type { ParImportProblem, ResolvedParRow } from '@engine/par-import-rows.ts';
import { type CheckedParChunk, type ImportParsInput, importPars, WRITE_CHUNK_ROWS } from './import-pars.ts';

// Decision 072: on PostgreSQL the write goes on beside the reading of the file; on the embedded database it follows it.
let db: Db;
const cafes: number[] = [];
const products: number[] = [];
const PRODUCTS = 2_500;
const CHECK_ROWS = 2_500;

beforeAll(async () => {
  db = await openTestDb();
  await db.exec(`
    INSERT INTO districts (name) VALUES ('Import');
    INSERT INTO locations (name, code, district_id)
    SELECT 'Import café ' || n, 'IMP-' || n, (SELECT id FROM districts) FROM generate_series(1, 4) AS n;
    INSERT INTO products (name, cafe_order_category)
    SELECT 'Import product ' || n, 'Import' FROM generate_series(1, ${PRODUCTS}) AS n;
  `);
  for (const row of await db.query<{ id: number }>(
    "SELECT id FROM locations WHERE code LIKE 'IMP-%' ORDER BY id",
  ))
    cafes.push(row.id);
  for (const row of await db.query<{ id: number }>('SELECT id FROM products ORDER BY id'))
    products.push(row.id);
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('DELETE FROM audit_log');
  await db.query('DELETE FROM location_products');
});

/** Every product at every café, PAR 2 (creates only): 10,000 rows, two write chunks. */
function fileRows(): ResolvedParRow[] {
  return cafes.flatMap((locationId, c) =>
    products.map((productId, p) => ({ line: 2 + c * PRODUCTS + p, locationId, productId, par: 2 })),
  );
}

/** The file's rows in checked chunks, with `problems` reported by the chunk that holds their line. */
function* checkedChunks(
  rows: readonly ResolvedParRow[],
  problems: readonly ParImportProblem[] = [],
): Generator<CheckedParChunk> {
  for (let start = 0; start < rows.length; start += CHECK_ROWS) {
    const part = rows.slice(start, start + CHECK_ROWS);
    const lines = new Set(part.map((row) => row.line));
    yield {
      rows: part.filter((row) => !problems.some((problem) => problem.line === row.line)),
      problems: problems.filter((problem) => lines.has(problem.line)),
    };
  }
}

interface Seen {
  /** PARs written by the time the last row was compared. */
  writtenWhenPlanned: number | null;
  written: number[];
}

function input(chunks: Iterable<CheckedParChunk>, seen: Seen): ImportParsInput {
  let written = 0;
  return {
    chunks,
    source: 'import.csv',
    dryRun: false,
    overrideLocks: false,
    describe: (row) => `product ${row.productId} at café ${row.locationId}`,
    onPlanned: () => {
      seen.writtenWhenPlanned = written;
    },
    onWritten: (total) => {
      written = total;
      seen.written.push(total);
    },
  };
}

async function stored(): Promise<{ pars: number; audits: number }> {
  const [row] = await db.query<{ pars: number; audits: number }>(
    `SELECT (SELECT count(*)::int FROM location_products) AS pars,
            (SELECT count(*)::int FROM audit_log WHERE action = 'par.import') AS audits`,
  );
  return row ?? { pars: -1, audits: -1 };
}

describe('importPars over more than one write chunk', () => {
  test('writes every row in one transaction, beside the reading on PostgreSQL only', async () => {
    const seen: Seen = { writtenWhenPlanned: null, written: [] };
    const outcome = await importPars(db, null, input(checkedChunks(fileRows()), seen));
    expect(outcome.ok).toBe(true);
    expect(seen.written).toEqual([WRITE_CHUNK_ROWS, 2 * WRITE_CHUNK_ROWS]);
    // The first chunk was written before the file's last rows were compared where the database is another process.
    expect(seen.writtenWhenPlanned).toBe(db.driver === 'postgres' ? WRITE_CHUNK_ROWS : 0);
    // One audit entry per café and write chunk: 2,500 rows a café, two cafés a chunk.
    expect(await stored()).toEqual({ pars: 4 * PRODUCTS, audits: 4 });
  });

  test('a problem in the last rows, found after a chunk was written, leaves nothing written and reports it', async () => {
    const rows = fileRows();
    const late = rows.at(-10) as ResolvedParRow;
    const problem: ParImportProblem = {
      line: late.line,
      code: 'not_a_number',
      message: 'PAR must be a number',
    };
    const seen: Seen = { writtenWhenPlanned: null, written: [] };
    const outcome = await importPars(db, null, input(checkedChunks(rows, [problem]), seen));
    expect(outcome).toEqual({ ok: false, problems: [problem] });
    // On PostgreSQL the first chunk had been written inside the transaction; it was rolled back with it.
    expect(seen.written).toEqual(db.driver === 'postgres' ? [WRITE_CHUNK_ROWS] : []);
    expect(await stored()).toEqual({ pars: 0, audits: 0 });
  });

  test('every problem of the file is reported, including those read after the writing stopped', async () => {
    const rows = fileRows();
    const problems: ParImportProblem[] = [rows[6_000], rows[8_000], rows[9_999]].map((row) => ({
      line: (row as ResolvedParRow).line,
      code: 'not_a_number',
      message: 'PAR must be a number',
    }));
    const outcome = await importPars(
      db,
      null,
      input(checkedChunks(rows, problems), { writtenWhenPlanned: null, written: [] }),
    );
    expect(outcome).toEqual({ ok: false, problems });
    expect(await stored()).toEqual({ pars: 0, audits: 0 });
  });

  test('a file that cannot be read on after a chunk was written leaves nothing written', async () => {
    const unreadable = new Error('pars.csv line 9,001: a quote is never closed');
    const chunks = (function* () {
      let read = 0;
      for (const chunk of checkedChunks(fileRows())) {
        if (read === 3) throw unreadable;
        read += 1;
        yield chunk;
      }
    })();
    const seen: Seen = { writtenWhenPlanned: null, written: [] };
    await expect(importPars(db, null, input(chunks, seen))).rejects.toBe(unreadable);
    expect(seen.written).toEqual(db.driver === 'postgres' ? [WRITE_CHUNK_ROWS] : []);
    expect(await stored()).toEqual({ pars: 0, audits: 0 });
  });

  test('a write that fails rolls back the chunks written before it', async () => {
    const rows = fileRows();
    // A product removed after the file was checked: the third write chunk (its one row) breaks its foreign key.
    const [removed] = await db.query<{ id: number }>(
      "INSERT INTO products (name, cafe_order_category) VALUES ('Removed', 'Import') RETURNING id",
    );
    const last = rows.at(-1) as ResolvedParRow;
    rows.push({ line: last.line + 1, locationId: last.locationId, productId: removed?.id ?? 0, par: 1 });
    await db.query('DELETE FROM products WHERE id = $1', [removed?.id ?? 0]);
    const seen: Seen = { writtenWhenPlanned: null, written: [] };
    await expect(importPars(db, null, input(checkedChunks(rows), seen))).rejects.toThrow(/foreign key/);
    expect(seen.written).toEqual([WRITE_CHUNK_ROWS, 2 * WRITE_CHUNK_ROWS]);
    expect(await stored()).toEqual({ pars: 0, audits: 0 });
  });

  test('a write that fails while the file is still read stops the reading, closes the file and says why', async () => {
    const rows = fileRows();
    // The first write chunk breaks a foreign key: a product removed after the file was checked.
    const [removed] = await db.query<{ id: number }>(
      "INSERT INTO products (name, cafe_order_category) VALUES ('Removed early', 'Import') RETURNING id",
    );
    rows[10] = { ...(rows[10] as ResolvedParRow), productId: removed?.id ?? 0 };
    await db.query('DELETE FROM products WHERE id = $1', [removed?.id ?? 0]);
    let closed = false;
    const chunks = (function* () {
      try {
        yield* checkedChunks(rows);
      } finally {
        closed = true;
      }
    })();
    const seen: Seen = { writtenWhenPlanned: null, written: [] };
    await expect(importPars(db, null, input(chunks, seen))).rejects.toThrow(/foreign key/);
    expect(closed).toBe(true);
    expect(seen.written).toEqual([]);
    expect(await stored()).toEqual({ pars: 0, audits: 0 });
  });
});
