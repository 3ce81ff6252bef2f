import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { createApp } from '@bff/app.ts';
import { FakeSquareServer } from '@bff/integrations/square/fake/fake-square-server.ts';
import { openSquareConnection } from '@bff/integrations/square/square-connection.ts';
import { SecretValue } from '@bff/integrations/square/square-settings.ts';
import type { Db } from '@db/client.ts';
import { seedDemo } from '@db/seed/demo.ts';
import { DEMO_PRODUCTS } from '@db/seed/demo-products.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { recordSquareRead } from '@db/use-cases/record-square-read.ts';
import {
  squareOnHandResponseSchema,
  squareOverviewSchema,
  squareSyncSchema,
} from '@engine/square-schemas.ts';
import { zonedInstant } from '@engine/zoned-clock.ts';
import { sessionCookieFor } from './fixtures.ts';
import { call, recordingLogger, testConfig } from './http.ts';

const TOKEN = 'EAAA-bff-test-token-never-shown';
let db: Db;
let square: FakeSquareServer;
let app: ReturnType<typeof createApp>;
let logger: ReturnType<typeof recordingLogger>;
let admin: string;
let staff: string;
let staffLocation: number;
let foreignLocation: number;

const connect = (token = TOKEN) =>
  openSquareConnection(
    { mode: 'account', token: new SecretValue(token), environment: 'sandbox', baseUrl: square.url },
    { screenTimeoutMs: 300 },
  );

beforeAll(async () => {
  db = await openTestDb();
  await seedDemo(db);
  square = new FakeSquareServer({ token: TOKEN });
  logger = recordingLogger();
  app = createApp({ db, config: testConfig(), logger, square: connect() });
  const users = await db.query<{ id: number; email: string }>('SELECT id, email FROM users');
  const idOf = (email: string) => users.find((u) => u.email === email)?.id ?? 0;
  admin = await sessionCookieFor(db, idOf('admin@parstock.test'));
  staff = await sessionCookieFor(db, idOf('staff@parstock.test'));
  const [mine] = await db.query<{ id: number }>(
    `SELECT location_id AS id FROM user_locations WHERE user_id = $1 ORDER BY location_id LIMIT 1`,
    [idOf('staff@parstock.test')],
  );
  staffLocation = mine?.id ?? 0;
  const [other] = await db.query<{ id: number }>(
    'SELECT id FROM locations WHERE id NOT IN (SELECT location_id FROM user_locations WHERE user_id = $1) LIMIT 1',
    [idOf('staff@parstock.test')],
  );
  foreignLocation = other?.id ?? 0;
});
afterAll(async () => {
  await square.stop();
  await db.close();
});
beforeEach(() => {
  square.resetFaults();
  square.requests.length = 0;
});

const overview = async () =>
  squareOverviewSchema.parse((await call(app, 'GET', '/api/admin/square', { cookie: admin })).json);
const sync = async () => {
  const res = await call(app, 'POST', '/api/admin/square/sync', { cookie: admin });
  expect(res.status).toBe(200);
  return squareSyncSchema.parse(res.json);
};
const onHand = async (locationId = staffLocation, cookie = staff) => {
  const res = await call(app, 'GET', `/api/square/on-hand?locationId=${locationId}`, { cookie });
  expect(res.status).toBe(200);
  return squareOnHandResponseSchema.parse(res.json);
};

describe('sync and mapping', () => {
  test('a sync maps the six cafés by name and the products by SKU, then by exact name; the rest is listed', async () => {
    const before = await overview();
    expect(before.connection).toEqual({ mode: 'connected', label: `Square at ${new URL(square.url).host}` });
    expect(before.lastSync).toBeNull();

    const result = await sync();
    expect(result).toMatchObject({
      ok: true,
      locations: 6,
      variations: DEMO_PRODUCTS.length + 3,
      locationsMapped: 6,
      productsMapped: DEMO_PRODUCTS.length,
    });
    const after = await overview();
    expect(after.locations.every((l) => l.squareLocationId !== null && l.mappedBy === 'auto')).toBe(true);
    expect(after.locations.every((l) => l.squareLocationName === l.name)).toBe(true);
    // The eighth demo product has no SKU in Square: its name found it.
    const nameMatched = after.products.find((p) => p.name === DEMO_PRODUCTS[7]?.name);
    expect(nameMatched?.squareVariationId).not.toBeNull();
    expect(after.unmatchedVariations.map((v) => v.itemName)).toEqual([
      'Catering Coffee Box',
      'Gift Card',
      'Loyalty Mug Refill',
    ]);
    const audits = await db.query<{ action: string; n: number }>(
      `SELECT action, count(*)::int AS n FROM audit_log WHERE action LIKE 'square.%' GROUP BY action ORDER BY action`,
    );
    expect(audits).toEqual([
      { action: 'square.location.map', n: 6 },
      { action: 'square.product.map', n: DEMO_PRODUCTS.length },
      { action: 'square.sync', n: 1 },
    ]);

    // A second sync finds nothing new to map.
    expect(await sync()).toMatchObject({ ok: true, locationsMapped: 0, productsMapped: 0 });
  });

  test('unpairing by hand sticks through a sync; pairing an item already paired elsewhere is refused', async () => {
    const { products, unmatchedVariations } = await overview();
    const milk = products.find((p) => p.name === 'Whole Milk');
    const oat = products.find((p) => p.name === 'Oat Milk Barista Edition');
    if (!milk || !oat) throw new Error('demo products missing');

    const unpaired = await call(app, 'PUT', `/api/admin/square/products/${milk.productId}`, {
      cookie: admin,
      body: { squareVariationId: null },
    });
    expect(unpaired.status).toBe(200);
    await sync();
    const afterSync = (await overview()).products.find((p) => p.productId === milk.productId);
    expect(afterSync).toMatchObject({ squareVariationId: null, mappedBy: 'hand' });

    const taken = await call(app, 'PUT', `/api/admin/square/products/${milk.productId}`, {
      cookie: admin,
      body: { squareVariationId: oat.squareVariationId },
    });
    expect(taken.status).toBe(409);
    expect(taken.text).toContain('already paired with Oat Milk Barista Edition');

    const giftCard = unmatchedVariations.find((v) => v.itemName === 'Gift Card');
    const paired = await call(app, 'PUT', `/api/admin/square/products/${milk.productId}`, {
      cookie: admin,
      body: { squareVariationId: giftCard?.id },
    });
    expect(
      squareOverviewSchema.parse(paired.json).products.find((p) => p.productId === milk.productId),
    ).toMatchObject({
      squareVariationId: giftCard?.id,
      squareVariationName: 'Gift Card',
      mappedBy: 'hand',
    });
    const [audit] = await db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE action = 'square.product.map' AND entity_id = $1 ORDER BY id DESC LIMIT 1`,
      [String(milk.productId)],
    );
    expect(audit).toEqual({
      before: { squareVariationId: null, mappedBy: 'hand' },
      after: { squareVariationId: giftCard?.id, mappedBy: 'hand' },
    });

    // Restore the SKU match for the figures below.
    await call(app, 'PUT', `/api/admin/square/products/${milk.productId}`, {
      cookie: admin,
      body: { squareVariationId: null },
    });
    await db.query(`UPDATE products SET square_mapped_by = NULL WHERE id = $1`, [milk.productId]);
    await sync();
  });

  test('a Square id that Square never listed, or bad input, changes nothing', async () => {
    const res = await call(app, 'PUT', `/api/admin/square/locations/${staffLocation}`, {
      cookie: admin,
      body: { squareLocationId: 'NOPE' },
    });
    expect(res.status).toBe(404);
    expect(
      (
        await call(app, 'PUT', '/api/admin/square/settings', {
          cookie: admin,
          body: { varianceThreshold: -1 },
        })
      ).status,
    ).toBe(400);
    const unknown = await call(app, 'PUT', '/api/admin/square/settings', {
      cookie: admin,
      body: { varianceThreshold: 3, x: 1 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 'validation_failed', message: 'Unknown field: x' });
    expect((await overview()).varianceThreshold).toBe(2);
  });
});

describe('on-hand figures', () => {
  test("Square's figure for every mapped daily product, with the variance threshold", async () => {
    const figures = await onHand();
    expect(figures.status).toBe('ok');
    expect(figures.connection.mode).toBe('connected');
    const daily = DEMO_PRODUCTS.filter((p) => p.isDailyCount).length;
    expect(figures.figures.length).toBeGreaterThan(0);
    expect(figures.figures.length).toBeLessThanOrEqual(daily);
    expect(figures.figures.every((f) => f.mapped && typeof f.squareQuantity === 'number')).toBe(true);

    const [location] = await db.query<{ square: string }>(
      'SELECT square_location_id AS square FROM locations WHERE id = $1',
      [staffLocation],
    );
    const [milk] = await db.query<{ id: number; variation: string }>(
      `SELECT id, square_variation_id AS variation FROM products WHERE name = 'Whole Milk'`,
    );
    const expected = square.catalog.counts.find(
      (c) => c.locationId === location?.square && c.variationId === milk?.variation,
    );
    expect(figures.figures.find((f) => f.productId === milk?.id)?.squareQuantity).toBe(
      Number(expected?.quantity),
    );
  });

  test('a pairing to an item or a café Square no longer lists has no figure, never a made-up 0', async () => {
    const fresh = () => createApp({ db, config: testConfig(), logger: recordingLogger(), square: connect() });
    const read = async () =>
      squareOnHandResponseSchema.parse(
        (await call(fresh(), 'GET', `/api/square/on-hand?locationId=${staffLocation}`, { cookie: staff }))
          .json,
      );
    const [milk] = await db.query<{ id: number; variation: string }>(
      `SELECT id, square_variation_id AS variation FROM products WHERE name = 'Whole Milk'`,
    );
    const [cafe] = await db.query<{ square: string }>(
      'SELECT square_location_id AS square FROM locations WHERE id = $1',
      [staffLocation],
    );
    try {
      // The last sync no longer found the item in Square's catalog (deleted there).
      await db.query('DELETE FROM square_variations WHERE id = $1', [milk?.variation ?? '']);
      const withoutItem = await read();
      expect(withoutItem.status).toBe('ok');
      expect(withoutItem.figures.find((f) => f.productId === milk?.id)).toEqual({
        productId: milk?.id ?? 0,
        mapped: false,
        squareQuantity: null,
      });
      expect(withoutItem.figures.filter((f) => f.squareQuantity !== null).length).toBeGreaterThan(0);
      // Nor the café's Square location.
      await db.query('DELETE FROM square_locations WHERE id = $1', [cafe?.square ?? '']);
      const withoutCafe = await read();
      expect(withoutCafe.status).toBe('location_not_mapped');
      expect(withoutCafe.figures.every((f) => f.squareQuantity === null)).toBe(true);
    } finally {
      await sync();
    }
    expect((await read()).figures.find((f) => f.productId === milk?.id)?.mapped).toBe(true);
  });

  test('twenty devices opening the screen at once make one Square read', async () => {
    const fresh = createApp({ db, config: testConfig(), logger: recordingLogger(), square: connect() });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(fresh, 'GET', `/api/square/on-hand?locationId=${staffLocation}`, { cookie: staff }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // One read of one café: its pages of batch-retrieve, once.
    expect(square.requestCount('/v2/inventory/counts/batch-retrieve')).toBe(1);
    await call(fresh, 'GET', `/api/square/on-hand?locationId=${staffLocation}`, { cookie: staff });
    expect(square.requestCount('/v2/inventory/counts/batch-retrieve')).toBe(1);
  });

  test('Square down, slow, rate-limiting or refusing the token: no figures, and why in plain words', async () => {
    const cases = [
      { fault: () => Object.assign(square.faults, { failures: 5, failStatus: 503 }), reason: 'server_error' },
      { fault: () => Object.assign(square.faults, { rateLimits: 5 }), reason: 'rate_limited' },
      { fault: () => Object.assign(square.faults, { hang: true }), reason: 'timeout' },
    ] as const;
    for (const { fault, reason } of cases) {
      square.resetFaults();
      fault();
      const fresh = createApp({ db, config: testConfig(), logger: recordingLogger(), square: connect() });
      const figures = squareOnHandResponseSchema.parse(
        (await call(fresh, 'GET', `/api/square/on-hand?locationId=${staffLocation}`, { cookie: staff })).json,
      );
      expect(figures).toMatchObject({ status: 'unavailable', reason });
      expect(figures.message).toBeTruthy();
      expect(figures.figures.every((f) => f.squareQuantity === null)).toBe(true);
    }
    square.resetFaults();
    const refused = createApp({
      db,
      config: testConfig(),
      logger: recordingLogger(),
      square: connect('wrong-token'),
    });
    const figures = squareOnHandResponseSchema.parse(
      (await call(refused, 'GET', `/api/square/on-hand?locationId=${staffLocation}`, { cookie: staff })).json,
    );
    expect(figures).toMatchObject({ status: 'unavailable', reason: 'unauthorized' });
    expect(figures.message).toContain("Square refused Parstock's access token");
  });

  test('not connected, and a café without a Square location, say so', async () => {
    const off = createApp({ db, config: testConfig(), logger: recordingLogger() });
    const figures = squareOnHandResponseSchema.parse(
      (await call(off, 'GET', `/api/square/on-hand?locationId=${staffLocation}`, { cookie: staff })).json,
    );
    expect(figures).toMatchObject({ status: 'not_configured', connection: { mode: 'not_configured' } });

    await call(app, 'PUT', `/api/admin/square/locations/${foreignLocation}`, {
      cookie: admin,
      body: { squareLocationId: null },
    });
    expect((await onHand(foreignLocation, admin)).status).toBe('location_not_mapped');
    expect(
      (await call(app, 'GET', `/api/square/on-hand?locationId=${foreignLocation}`, { cookie: staff })).status,
    ).toBe(403);
  });

  test('the token never reaches an answer, a log line or the database', async () => {
    const texts = [
      (await call(app, 'GET', '/api/admin/square', { cookie: admin })).text,
      (await call(app, 'POST', '/api/admin/square/test', { cookie: admin })).text,
      (await call(app, 'GET', '/api/admin/api-health', { cookie: admin })).text,
      ...logger.errors,
      ...logger.infos,
      JSON.stringify(await db.query('SELECT * FROM audit_log')),
      JSON.stringify(await db.query('SELECT * FROM square_syncs')),
      JSON.stringify(await db.query('SELECT * FROM settings')),
    ];
    expect(texts.join('\n')).not.toContain(TOKEN);
  });
});

describe("a nightly count keeps Square's figure of its day", () => {
  test('saved beside the count, it reaches the variance report and stays when the product is unpaired', async () => {
    await sync();
    const [milk] = await db.query<{ id: number }>(`SELECT id FROM products WHERE name = 'Whole Milk'`);
    const productId = milk?.id ?? 0;
    // The screen's read first, as a café opens Nightly Counts, then the count typed against it.
    const square = (await onHand()).figures.find((f) => f.productId === productId)?.squareQuantity;
    expect(square).toBeNumber();
    const saved = await call(app, 'POST', '/api/nightly-counts/items', {
      cookie: staff,
      body: {
        locationId: staffLocation,
        items: [{ productId, count: 4, confirmed: false, typedAt: new Date().toISOString() }],
      },
    });
    expect(saved.status).toBe(200);
    const { businessDate } = saved.json as { businessDate: string };
    const stored = async () =>
      (
        await db.query<{ square: string | null }>(
          `SELECT nci.square_quantity AS square FROM nightly_count_items nci
             JOIN nightly_counts nc ON nc.id = nci.nightly_count_id
            WHERE nc.location_id = $1 AND nc.business_date = $2 AND nci.product_id = $3`,
          [staffLocation, businessDate, productId],
        )
      )[0]?.square;
    expect(Number(await stored())).toBe(Number(square));

    const variance = async () => {
      const res = await call(
        app,
        'GET',
        `/api/reports/nightly-variance?from=${businessDate}&to=${businessDate}&locations=${staffLocation}`,
        { cookie: admin },
      );
      expect(res.status).toBe(200);
      return (res.json as { rows: { product: string; netVariance: number }[] }).rows.find(
        (row) => row.product === 'Whole Milk',
      );
    };
    expect((await variance())?.netVariance).toBe(4 - Number(square));

    // Square's latest figures go when a product is unpaired; the day's count keeps its own.
    await call(app, 'PUT', `/api/admin/square/products/${productId}`, {
      cookie: admin,
      body: { squareVariationId: null },
    });
    expect(await db.query('SELECT 1 FROM square_on_hand WHERE product_id = $1', [productId])).toEqual([]);
    expect((await variance())?.netVariance).toBe(4 - Number(square));
  });

  test("a later read of the same day replaces the day's figure on the count", async () => {
    const [row] = await db.query<{ id: number; productId: number; day: string }>(
      `SELECT nc.id, nci.product_id AS "productId", to_char(nc.business_date, 'YYYY-MM-DD') AS day
         FROM nightly_count_items nci JOIN nightly_counts nc ON nc.id = nci.nightly_count_id
        WHERE nc.location_id = $1 AND nci.square_quantity IS NOT NULL
        ORDER BY nc.business_date DESC LIMIT 1`,
      [staffLocation],
    );
    if (!row) throw new Error('the test above leaves a count with a figure');
    const [{ timezone } = { timezone: 'UTC' }] = await db.query<{ timezone: string }>(
      'SELECT timezone FROM locations WHERE id = $1',
      [staffLocation],
    );
    // Noon of that business day in the café's zone is on that day whatever the server's zone.
    const at = zonedInstant(row.day, 12 * 60, timezone);
    await recordSquareRead(db, staffLocation, {
      ok: true,
      at,
      figures: [{ productId: row.productId, quantity: 17 }],
    });
    const [after] = await db.query<{ square: string }>(
      'SELECT square_quantity AS square FROM nightly_count_items WHERE nightly_count_id = $1 AND product_id = $2',
      [row.id, row.productId],
    );
    expect(Number(after?.square)).toBe(17);
    // A read of another day leaves it.
    const nextDay = new Date(at.getTime() + 86_400_000);
    await recordSquareRead(db, staffLocation, {
      ok: true,
      at: nextDay,
      figures: [{ productId: row.productId, quantity: 3 }],
    });
    const [kept] = await db.query<{ square: string }>(
      'SELECT square_quantity AS square FROM nightly_count_items WHERE nightly_count_id = $1 AND product_id = $2',
      [row.id, row.productId],
    );
    expect(Number(kept?.square)).toBe(17);
  });
});
