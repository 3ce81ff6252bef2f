import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import type { PlannedPar } from '@engine/par-import-rows.ts';
import { findUserByEmail, loadParImportCatalog, loadStoredPars, writeParChunk } from './par-import.ts';

let db: Db;
let admin: number;
let dt01: number;
let ns01: number;
let milk: number;
let oat: number;
let beans: number;

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

beforeAll(async () => {
  db = await openTestDb();
  const [district] = await db.query<{ id: number }>(
    "INSERT INTO districts (name) VALUES ('Downtown') RETURNING id",
  );
  [dt01 = 0, ns01 = 0] = ids(
    await db.query<{ id: number }>(
      `INSERT INTO locations (name, code, district_id, active) VALUES
         ('Harbor Street Café', 'DT-01', $1, true), ('Maple Park', 'NS-01', $1, true), ('Old Pier', 'OP-01', $1, false)
       RETURNING id`,
      [district?.id ?? 0],
    ),
  );
  [milk = 0, oat = 0, beans = 0] = ids(
    await db.query<{ id: number }>(
      `INSERT INTO products (name, sku, cafe_order_category, retired_at) VALUES
         ('Whole Milk', 'DAI-001', 'Dairy', NULL), ('Oat Milk', NULL, 'Dairy', NULL),
         ('House Espresso Blend', 'COF-001', 'Coffee', NULL), ('Holiday Blend', 'COF-099', 'Coffee', now())
       RETURNING id`,
    ),
  );
  [admin = 0] = ids(
    await db.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, role_key) VALUES ('Ada.Admin@example.com', 'x', 'admin') RETURNING id`,
    ),
  );
  await db.query(
    `INSERT INTO location_products (location_id, product_id, par, par_locked) VALUES
       ($1, $3, 12, false), ($1, $4, 6, false), ($1, $5, 4, true), ($2, $3, 8, false)`,
    [dt01, ns01, milk, oat, beans],
  );
});
afterAll(() => db.close());

const planned = (
  overrides: Partial<PlannedPar> & Pick<PlannedPar, 'locationId' | 'productId' | 'par'>,
): PlannedPar => ({
  line: 2,
  kind: 'change',
  before: null,
  overridesLock: false,
  ...overrides,
});

const storedPar = async (locationId: number, productId: number) => {
  const [row] = await db.query<{ par: number; updatedBy: number | null }>(
    'SELECT par, updated_by AS "updatedBy" FROM location_products WHERE location_id = $1 AND product_id = $2',
    [locationId, productId],
  );
  return row ?? null;
};

describe('loadParImportCatalog', () => {
  test('lists every location with whether it is active and every product with whether it is retired', async () => {
    const catalog = await loadParImportCatalog(db);
    expect(catalog.locations.map((l) => [l.code, l.active])).toEqual([
      ['DT-01', true],
      ['NS-01', true],
      ['OP-01', false],
    ]);
    expect(catalog.products.map((p) => [p.name, p.sku, p.retired])).toEqual([
      ['Whole Milk', 'DAI-001', false],
      ['Oat Milk', null, false],
      ['House Espresso Blend', 'COF-001', false],
      ['Holiday Blend', 'COF-099', true],
    ]);
  });
});

test('findUserByEmail ignores letter case and says whether the user is active', async () => {
  expect(await findUserByEmail(db, ' ada.admin@EXAMPLE.com ')).toEqual({
    id: admin,
    email: 'Ada.Admin@example.com',
    role: 'admin',
    active: true,
  });
  expect(await findUserByEmail(db, 'nobody@example.com')).toBeNull();
});

test('loadStoredPars returns the PARs and locks of the named locations only', async () => {
  const stored = await loadStoredPars(db, [dt01]);
  expect([...stored.keys()]).toEqual([dt01]);
  expect(stored.get(dt01)?.get(milk)).toEqual({ par: 12, locked: false });
  expect(stored.get(dt01)?.get(beans)).toEqual({ par: 4, locked: true });
  expect((await loadStoredPars(db, [])).size).toBe(0);
});

describe('writeParChunk', () => {
  test('creates and changes PARs with one audit entry per café, naming the actor, the source and the values', async () => {
    const written = await db.transaction((tx) =>
      writeParChunk(
        tx,
        [
          planned({ locationId: dt01, productId: milk, par: 14.25, before: 12 }),
          planned({ locationId: ns01, productId: oat, par: 3, kind: 'create' }),
        ],
        { actorId: admin, source: 'pars.csv' },
      ),
    );
    expect(written).toBe(2);
    expect(await storedPar(dt01, milk)).toEqual({ par: 14.25, updatedBy: admin });
    expect(await storedPar(ns01, oat)).toEqual({ par: 3, updatedBy: admin });
    const audit = await db.query(
      `SELECT actor_id AS "actorId", action, entity, entity_id AS "entityId", location_id AS "locationId", before, after
         FROM audit_log WHERE action = 'par.import' ORDER BY location_id`,
    );
    const entries = [
      {
        actorId: admin,
        action: 'par.import',
        entity: 'location_product',
        entityId: null,
        locationId: dt01,
        before: { pars: { [milk]: 12 } },
        after: { source: 'pars.csv', pars: { [milk]: 14.25 } },
      },
      {
        actorId: admin,
        action: 'par.import',
        entity: 'location_product',
        entityId: null,
        locationId: ns01,
        before: null,
        after: { source: 'pars.csv', pars: { [oat]: 3 } },
      },
    ];
    expect(audit).toEqual(entries.sort((a, b) => a.locationId - b.locationId));
  });

  test("a café's PARs in one chunk are one audit entry, changes and creates together", async () => {
    const auditBefore = await db.query('SELECT id FROM audit_log');
    const written = await writeParChunk(
      db,
      [
        planned({ locationId: ns01, productId: oat, par: 4, before: 3 }),
        planned({ locationId: ns01, productId: beans, par: 2.5, kind: 'create' }),
      ],
      { actorId: null, source: 'more.csv' },
    );
    expect(written).toBe(2);
    const audit = await db.query<{ before: unknown; after: unknown }>(
      "SELECT before, after FROM audit_log WHERE action = 'par.import' ORDER BY id DESC LIMIT 1",
    );
    expect(await db.query('SELECT id FROM audit_log')).toHaveLength(auditBefore.length + 1);
    expect(audit).toEqual([
      { before: { pars: { [oat]: 3 } }, after: { source: 'more.csv', pars: { [oat]: 4, [beans]: 2.5 } } },
    ]);
    await db.exec(`DELETE FROM location_products WHERE location_id = ${ns01} AND product_id = ${beans}`);
  });

  test('writes nothing over a PAR that changed, got locked or appeared since it was read', async () => {
    const auditBefore = await db.query('SELECT id FROM audit_log');
    const written = await writeParChunk(
      db,
      [
        // Stored is 14.25 now, not 12.
        planned({ locationId: dt01, productId: milk, par: 20, before: 12 }),
        // Locked, and the plan did not override the lock.
        planned({ locationId: dt01, productId: beans, par: 9, before: 4 }),
        // Exists already.
        planned({ locationId: ns01, productId: milk, par: 1, kind: 'create' }),
      ],
      { actorId: null, source: 'pars.csv' },
    );
    expect(written).toBe(0);
    expect(await storedPar(dt01, milk)).toMatchObject({ par: 14.25 });
    expect(await storedPar(dt01, beans)).toMatchObject({ par: 4 });
    expect(await storedPar(ns01, milk)).toMatchObject({ par: 8 });
    expect(await db.query('SELECT id FROM audit_log')).toHaveLength(auditBefore.length);
  });

  test('an overridden lock is changed and marked in the audit log; the lock stays', async () => {
    const written = await writeParChunk(
      db,
      [planned({ locationId: dt01, productId: beans, par: 9, before: 4, overridesLock: true })],
      { actorId: admin, source: 'pars.csv' },
    );
    expect(written).toBe(1);
    const [row] = await db.query<{ par: number; locked: boolean }>(
      'SELECT par, par_locked AS locked FROM location_products WHERE location_id = $1 AND product_id = $2',
      [dt01, beans],
    );
    expect(row).toEqual({ par: 9, locked: true });
    const [audit] = await db.query<{ after: unknown }>(
      "SELECT after FROM audit_log WHERE action = 'par.import' ORDER BY id DESC LIMIT 1",
    );
    expect(audit?.after).toEqual({ source: 'pars.csv', pars: { [beans]: 9 }, lockOverridden: [beans] });
  });

  test('a lock released since the comparison is not named as overridden', async () => {
    await db.exec(
      `UPDATE location_products SET par_locked = false WHERE location_id = ${dt01} AND product_id = ${beans}`,
    );
    try {
      const written = await writeParChunk(
        db,
        [planned({ locationId: dt01, productId: beans, par: 10, before: 9, overridesLock: true })],
        { actorId: admin, source: 'unlocked.csv' },
      );
      expect(written).toBe(1);
      const [audit] = await db.query<{ after: unknown }>(
        "SELECT after FROM audit_log WHERE action = 'par.import' ORDER BY id DESC LIMIT 1",
      );
      expect(audit?.after).toEqual({ source: 'unlocked.csv', pars: { [beans]: 10 } });
    } finally {
      await db.exec(
        `UPDATE location_products SET par = 9, par_locked = true WHERE location_id = ${dt01} AND product_id = ${beans}`,
      );
    }
  });

  test('writes a chunk of thousands of rows in one statement', async () => {
    const [district] = await db.query<{ id: number }>('SELECT id FROM districts LIMIT 1');
    const locations = ids(
      await db.query<{ id: number }>(
        `INSERT INTO locations (name, code, district_id)
         SELECT 'Bulk ' || n, 'BULK-' || n, $1 FROM generate_series(1, 6) AS n RETURNING id`,
        [district?.id ?? 0],
      ),
    );
    const products = ids(
      await db.query<{ id: number }>(
        `INSERT INTO products (name, cafe_order_category)
         SELECT 'Bulk product ' || n, 'Bulk' FROM generate_series(1, 1000) AS n RETURNING id`,
      ),
    );
    const chunk = locations.flatMap((locationId, l) =>
      products.map((productId, p) =>
        planned({ locationId, productId, par: ((l + p) % 40) / 4, kind: 'create' }),
      ),
    );
    expect(
      await db.transaction((tx) => writeParChunk(tx, chunk, { actorId: null, source: 'bulk.csv' })),
    ).toBe(6000);
    const [sum] = await db.query<{ total: number; audits: number; audited: number }>(
      `SELECT (SELECT sum(par) FROM location_products WHERE location_id = ANY($1::int[]))::float8 AS total,
              (SELECT count(*)::int FROM audit_log WHERE after->>'source' = 'bulk.csv') AS audits,
              (SELECT sum((SELECT count(*) FROM jsonb_object_keys(after->'pars'))) FROM audit_log
                WHERE after->>'source' = 'bulk.csv')::int AS audited`,
      [locations],
    );
    // Six cafés: six entries holding the 6,000 PARs between them.
    expect(sum).toEqual({ total: chunk.reduce((s, r) => s + r.par, 0), audits: 6, audited: 6000 });
  });
});
