import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { NO_PERMISSIONS_MESSAGE } from '@bff/auth/session-access.ts';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import {
  apiErrorSchema,
  authUserSchema,
  categoryOrderEntrySchema,
  compactInventoryResponseSchema,
  compactProductSchema,
  countCompletionSchema,
  inventoryResponseSchema,
  locationSchema,
  productSchema,
  tabDisplayEntrySchema,
  userRoleSchema,
} from '@engine/api-schemas.ts';
import { expandInventory } from '@engine/compact-inventory.ts';
import { expandProducts } from '@engine/compact-products.ts';
import { CLOSED_CAFE_MESSAGE } from '@engine/errors/refusal-messages.ts';
import { healthResponseSchema } from '@engine/health-schema.ts';
import { PERMISSION_KEYS, permissionsMapSchema } from '@engine/permissions.ts';
import { DEFAULT_UI_STYLES, uiSettingsResponseSchema } from '@engine/ui-settings.ts';
import { z } from 'zod';
import { buildFixture, type Fixture, openCountSession, sessionCookieFor } from './fixtures.ts';
import { call, recordingLogger, testApp } from './http.ts';

let db: Db;
let fx: Fixture;
let app: ReturnType<typeof testApp>;
const cookies: Record<'staff' | 'cafeManager' | 'districtManager' | 'admin', string> = {
  staff: '',
  cafeManager: '',
  districtManager: '',
  admin: '',
};

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = testApp(db);
  for (const key of Object.keys(cookies) as (keyof typeof cookies)[]) {
    cookies[key] = await sessionCookieFor(db, fx.users[key].id);
  }
});
afterAll(() => db.close());

const get = (path: string, cookie = cookies.cafeManager) => call(app, 'GET', path, { cookie });

describe('who am I', () => {
  test('GET /api/auth/user: the user with claims; the stored picture or null', async () => {
    await db.query(`UPDATE users SET profile_image_url = 'https://img.example/mia.png' WHERE id = $1`, [
      fx.users.cafeManager.id,
    ]);
    const mia = authUserSchema.parse((await get('/api/auth/user')).json);
    expect(mia.claims).toEqual({
      sub: String(fx.users.cafeManager.id),
      email: 'manager@example.test',
      first_name: 'Mia',
      last_name: 'Manager',
      profileImageUrl: 'https://img.example/mia.png',
    });
    const sam = authUserSchema.parse((await get('/api/auth/user', cookies.staff)).json);
    expect(sam.profileImageUrl).toBeNull();
    expect(sam.claims.profileImageUrl).toBeNull();
  });

  test('GET /api/auth/user signed out: 401 with the error body', async () => {
    const res = await call(app, 'GET', '/api/auth/user');
    expect(res.status).toBe(401);
    expect(apiErrorSchema.parse(res.json).code).toBe('unauthorized');
  });

  test('GET /api/auth/user-role', async () => {
    expect(userRoleSchema.parse((await get('/api/auth/user-role', cookies.districtManager)).json)).toEqual({
      role: 'district_manager',
    });
  });
});

describe('GET /api/permissions', () => {
  test('every role of the database with its keys; admin with every key', async () => {
    const map = permissionsMapSchema.parse((await get('/api/permissions', cookies.staff)).json);
    expect(Object.keys(map).sort()).toEqual(['admin', 'cafe_manager', 'district_manager', 'staff']);
    expect(map.staff?.sort()).toEqual(['count_inventory', 'nightly_counts']);
    expect(map.admin?.sort()).toEqual([...PERMISSION_KEYS].sort());
    expect(map.district_manager).toContain('approve_orders');
    expect(map.cafe_manager).not.toContain('approve_orders');
  });
});

describe('header data', () => {
  test('GET /api/admin/tab-display-order: entries by display order, children pointing at parents', async () => {
    const tabs = z
      .array(tabDisplayEntrySchema)
      .parse((await get('/api/admin/tab-display-order', cookies.staff)).json);
    const orders = tabs.map((tab) => tab.displayOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const settings = tabs.find((tab) => tab.tabKey === 'admin_panel');
    const users = tabs.find((tab) => tab.tabKey === 'users');
    expect(users?.parentId).toBe(settings?.id ?? -1);
    expect(tabs.find((tab) => tab.tabKey === 'view_cart')?.permission).toBeNull();
  });

  test('GET /api/admin/ui-settings: defaults, then stored values merged over them', async () => {
    const defaults = uiSettingsResponseSchema.parse(
      (await get('/api/admin/ui-settings', cookies.staff)).json,
    );
    expect(defaults.styles).toEqual(DEFAULT_UI_STYLES);

    await db.query(`INSERT INTO settings (key, value) VALUES ('ui_styles', $1::jsonb)`, [
      { buttons: { primaryBackground: '#16a34a', size: 7 }, borders: 'nonsense', extra: { x: 1 } },
    ]);
    try {
      const merged = uiSettingsResponseSchema.parse(
        (await get('/api/admin/ui-settings', cookies.staff)).json,
      );
      expect(merged.styles.buttons.primaryBackground).toBe('#16a34a');
      expect(merged.styles.buttons.size).toBe('7');
      expect(merged.styles.buttons.shadow).toBe(DEFAULT_UI_STYLES.buttons.shadow);
      expect(merged.styles.borders).toEqual(DEFAULT_UI_STYLES.borders);
      expect(merged.styles).not.toHaveProperty('extra');
    } finally {
      await db.query(`DELETE FROM settings WHERE key = 'ui_styles'`);
    }
  });

  test('GET /api/admin/category-order', async () => {
    const order = z
      .array(categoryOrderEntrySchema)
      .parse((await get('/api/admin/category-order', cookies.staff)).json);
    expect(order).toEqual([
      { category: 'Coffee', displayOrder: 1 },
      { category: 'Dairy', displayOrder: 2 },
      { category: 'Supplies', displayOrder: 3 },
    ]);
  });
});

describe('GET /api/user/locations', () => {
  const namesFor = async (cookie: string) =>
    z
      .array(locationSchema)
      .parse((await get('/api/user/locations', cookie)).json)
      .map((l) => l.name);

  test('scope per role, by name, never an inactive location', async () => {
    expect(await namesFor(cookies.staff)).toEqual(['Downtown']);
    expect(await namesFor(cookies.cafeManager)).toEqual(['Downtown']);
    expect(await namesFor(cookies.districtManager)).toEqual(['Downtown', 'Harbor']);
    expect(await namesFor(cookies.admin)).toEqual(['Downtown', 'Harbor', 'Uptown']);
  });

  test("each café comes with its time zone, in which the screens tell its times and its 'Today'", async () => {
    await db.query(`UPDATE locations SET timezone = 'America/Denver' WHERE id = $1`, [fx.locations.own.id]);
    try {
      const [downtown] = z
        .array(locationSchema)
        .parse((await get('/api/user/locations', cookies.staff)).json);
      expect(downtown).toEqual({
        id: fx.locations.own.id,
        name: 'Downtown',
        code: expect.any(String),
        timezone: 'America/Denver',
      });
    } finally {
      await db.query(`UPDATE locations SET timezone = 'America/New_York' WHERE id = $1`, [
        fx.locations.own.id,
      ]);
    }
  });

  test('a district manager also gets directly assigned locations outside their districts', async () => {
    await db.query('INSERT INTO user_locations (user_id, location_id) VALUES ($1, $2)', [
      fx.users.districtManager.id,
      fx.locations.foreign.id,
    ]);
    try {
      expect(await namesFor(cookies.districtManager)).toEqual(['Downtown', 'Harbor', 'Uptown']);
    } finally {
      await db.query('DELETE FROM user_locations WHERE user_id = $1 AND location_id = $2', [
        fx.users.districtManager.id,
        fx.locations.foreign.id,
      ]);
    }
  });
});

describe('GET /api/products', () => {
  test('products still sold, by name, in the engine shape', async () => {
    const products = z.array(productSchema).parse((await get('/api/products')).json);
    expect(products.map((p) => p.name)).toEqual(['Cups 12oz', 'Espresso Beans', 'Oat Milk', 'Vanilla Syrup']);
    expect(products.find((p) => p.name === 'Espresso Beans')).toMatchObject({
      cafeOrderCategory: 'Coffee',
      maximumStockQuantity: 10,
      unitCost: 2.5,
      orderSubcategory: null,
    });
    expect(products.find((p) => p.name === 'Cups 12oz')?.orderSubcategory).toBe('Cups');
  });
});

describe('GET /api/products?shape=compact', () => {
  test('the same list with every default left out: expanded, it is the full list', async () => {
    await db.query(`UPDATE products SET barcode = '4006381333931', vendor = 'Roaster Co' WHERE id = $1`, [
      fx.products.beans,
    ]);
    try {
      await compareShapes();
    } finally {
      await db.query('UPDATE products SET barcode = NULL, vendor = NULL WHERE id = $1', [fx.products.beans]);
    }
  });

  async function compareShapes() {
    const full = z.array(productSchema).parse((await get('/api/products')).json);
    const compact = (await get('/api/products?shape=compact')).json as Record<string, unknown>[];
    expect(z.array(compactProductSchema).parse(compact)).toEqual(compact as never);
    expect(expandProducts(z.array(compactProductSchema).parse(compact))).toEqual(full);
    const beans = compact.find((product) => product.id === fx.products.beans);
    expect(beans).toMatchObject({ barcode: '4006381333931', vendor: 'Roaster Co' });
    const milk = compact.find((product) => product.id === fx.products.milk);
    for (const left of ['sku', 'orderSubcategory', 'vendor', 'barcode', 'isDailyCount']) {
      expect(milk).not.toHaveProperty(left);
    }
    expect((await get('/api/products?shape=full')).status).toBe(400);
  }
});

describe('GET /api/inventory', () => {
  test('no locationId: the empty answer', async () => {
    const res = await get('/api/inventory');
    expect(res.status).toBe(200);
    expect(inventoryResponseSchema.parse(res.json)).toEqual({
      locationId: null,
      countSession: null,
      items: [],
    });
    expect((await get('/api/inventory?locationId=')).json).toEqual({
      locationId: null,
      countSession: null,
      items: [],
    });
  });

  test('a malformed locationId is a 400 naming the problem', async () => {
    for (const [query, message] of [
      ['abc', 'locationId must be a whole number'],
      ['1.5', 'locationId must be a whole number'],
      ['-3', 'locationId must be a whole number'],
      ['0', 'locationId must be a positive number'],
      ['99999999999', 'locationId is too large'],
    ] as const) {
      const res = await get(`/api/inventory?locationId=${query}`);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'validation_failed', message });
    }
    for (const path of ['/api/inventory', '/api/cafe-ops']) {
      const twice = await get(`${path}?locationId=${fx.locations.own.id}&locationId=${fx.locations.own.id}`);
      expect(twice.status).toBe(400);
      expect(twice.json).toMatchObject({ message: 'locationId must be given once, not as a list' });
    }
  });

  test('a location outside scope, or one that does not exist, is the same 403', async () => {
    for (const id of [fx.locations.foreign.id, fx.locations.closed.id, 987654]) {
      const res = await get(`/api/inventory?locationId=${id}`);
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        code: 'forbidden',
        message: 'You do not have permission to use this location.',
      });
    }
  });

  test('a café closed since, of the person’s own cafés, is refused saying it is closed', async () => {
    for (const path of [
      `/api/inventory?locationId=${fx.locations.closed.id}`,
      `/api/cart/${fx.locations.closed.id}`,
    ]) {
      const res = await get(path, cookies.staff);
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ code: 'forbidden', message: CLOSED_CAFE_MESSAGE });
    }
    // Someone it was never theirs learns nothing from the refusal.
    expect((await get(`/api/inventory?locationId=${fx.locations.closed.id}`)).json).toMatchObject({
      message: 'You do not have permission to use this location.',
    });
  });

  test('one item per product still sold, with location settings, defaults and the open count', async () => {
    const sessionId = await openCountSession(db, fx.locations.own.id, fx.users.staff.id, [
      { productId: fx.products.milk, count: 3.5, confirmed: true },
      { productId: fx.products.beans, count: null },
    ]);
    try {
      const body = inventoryResponseSchema.parse(
        (await get(`/api/inventory?locationId=${fx.locations.own.id}`)).json,
      );
      expect(body.locationId).toBe(fx.locations.own.id);
      expect(body.countSession).toMatchObject({ id: sessionId, startedBy: 'Sam Staff' });
      expect(body.items.map((item) => item.productName)).toEqual([
        'Cups 12oz',
        'Espresso Beans',
        'Oat Milk',
        'Vanilla Syrup',
      ]);
      const byName = Object.fromEntries(body.items.map((item) => [item.productName, item]));
      expect(byName['Oat Milk']).toMatchObject({
        par: 6,
        parLocked: true,
        stockStatus: 'low',
        count: 3.5,
        confirmed: true,
        editedAfterConfirm: false,
        countedBy: 'Sam Staff',
      });
      expect(Number.isNaN(Date.parse(byName['Oat Milk']?.countedAt ?? ''))).toBe(false);
      expect(byName['Espresso Beans']).toMatchObject({
        par: 4.25,
        lifecycle: 'new',
        backordered: true,
        count: null,
        countedAt: null,
        countedBy: null,
      });
      expect(byName['Cups 12oz']).toMatchObject({
        par: 0,
        parLocked: false,
        lifecycle: 'active',
        stockStatus: 'in_stock',
        backordered: false,
        count: null,
        confirmed: false,
      });
    } finally {
      await db.query('DELETE FROM count_sessions WHERE id = $1', [sessionId]);
    }
  });

  test('without an open count session: countSession null, counts empty', async () => {
    const body = inventoryResponseSchema.parse(
      (await get(`/api/inventory?locationId=${fx.locations.own.id}`)).json,
    );
    expect(body.countSession).toBeNull();
    expect(body.items.every((item) => item.count === null)).toBe(true);
  });
});

describe('GET /api/inventory?shape=compact', () => {
  test('the full answer with every default left out: expanded, it is the full answer', async () => {
    const sessionId = await openCountSession(db, fx.locations.own.id, fx.users.staff.id, [
      { productId: fx.products.milk, count: 3.5, confirmed: true },
      { productId: fx.products.beans, count: 0 },
    ]);
    try {
      const query = `?locationId=${fx.locations.own.id}`;
      const compact = (await get(`/api/inventory${query}&shape=compact`)).json as { items: object[] };
      const full = inventoryResponseSchema.parse((await get(`/api/inventory${query}`)).json);
      // Parsing would strip a key the schema does not know; the answer must not need that.
      expect(compactInventoryResponseSchema.parse(compact)).toEqual(compact as never);
      expect(expandInventory(compactInventoryResponseSchema.parse(compact))).toEqual(full);
      const byId = new Map(compact.items.map((item) => [(item as { productId: number }).productId, item]));
      // Nothing set or counted: the product and its name alone.
      expect(byId.get(fx.products.cups)).toEqual({ productId: fx.products.cups, productName: 'Cups 12oz' });
      // A count of 0 differs from "not counted" (null) and is kept.
      expect(byId.get(fx.products.beans)).toMatchObject({ count: 0, par: 4.25, lifecycle: 'new' });
      expect(byId.get(fx.products.beans)).not.toHaveProperty('parLocked');
      expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(full).length / 2);
    } finally {
      await db.query('DELETE FROM count_sessions WHERE id = $1', [sessionId]);
    }
  });

  test('the same rules as the full answer: empty without a café, 400 for a bad id, 403 outside scope', async () => {
    expect((await get('/api/inventory?shape=compact')).json).toEqual({
      locationId: null,
      countSession: null,
      items: [],
    });
    const bad = await get('/api/inventory?locationId=1.5&shape=compact');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      code: 'validation_failed',
      message: 'locationId must be a whole number',
    });
    for (const id of [fx.locations.foreign.id, 987654]) {
      expect((await get(`/api/inventory?locationId=${id}&shape=compact`)).status).toBe(403);
    }
    const own = `/api/inventory?locationId=${fx.locations.own.id}`;
    expect((await call(app, 'GET', `${own}&shape=compact`)).status).toBe(401);
  });

  test('a shape other than compact is a 400 that says what it may be', async () => {
    for (const shape of ['full', 'COMPACT', '', 'compact%00']) {
      const res = await get(`/api/inventory?locationId=${fx.locations.own.id}&shape=${shape}`);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        code: 'validation_failed',
        message: 'shape must be compact, or left out for the full answer',
      });
    }
  });
});

describe('GET /api/count-completions/active/:locationId', () => {
  test('404 with the message of the requirements when there is none; the completion when there is', async () => {
    const path = `/api/count-completions/active/${fx.locations.own.id}`;
    const none = await get(path);
    expect(none.status).toBe(404);
    expect(none.json).toEqual({ code: 'not_found', message: 'Active count completion not found.' });

    await db.query(
      `INSERT INTO count_completions (location_id, completed_by, items_counted, is_active)
       VALUES ($1, $2, 3, false), ($1, $2, 7, true)`,
      [fx.locations.own.id, fx.users.cafeManager.id],
    );
    try {
      const completion = countCompletionSchema.parse((await get(path)).json);
      expect(completion).toMatchObject({
        locationId: fx.locations.own.id,
        itemsCounted: 7,
        completedBy: { id: fx.users.cafeManager.id, name: 'Mia Manager' },
      });
    } finally {
      await db.query('DELETE FROM count_completions WHERE location_id = $1', [fx.locations.own.id]);
    }
  });

  test('a malformed id is a 400, a foreign one a 403', async () => {
    expect((await get('/api/count-completions/active/abc')).status).toBe(400);
    expect((await get(`/api/count-completions/active/${fx.locations.foreign.id}`)).status).toBe(403);
  });
});

describe('a role without any permission', () => {
  test('is told so on data routes, but still learns who it is and what it may do', async () => {
    const saved = await db.query<{ permission_key: string }>(
      `SELECT permission_key FROM role_permissions WHERE role_key = 'staff'`,
    );
    await db.query(`DELETE FROM role_permissions WHERE role_key = 'staff'`);
    try {
      for (const path of [
        '/api/products',
        '/api/admin/category-order',
        `/api/inventory?locationId=${fx.locations.own.id}`,
      ]) {
        const res = await get(path, cookies.staff);
        expect(res.status).toBe(403);
        expect(res.json).toEqual({ code: 'forbidden', message: NO_PERMISSIONS_MESSAGE });
      }
      for (const path of [
        '/api/auth/user',
        '/api/auth/user-role',
        '/api/permissions',
        '/api/user/locations',
      ]) {
        expect((await get(path, cookies.staff)).status).toBe(200);
      }
    } finally {
      for (const row of saved) {
        await db.query(`INSERT INTO role_permissions (role_key, permission_key) VALUES ('staff', $1)`, [
          row.permission_key,
        ]);
      }
    }
  });
});

describe('unknown routes and unexpected failures', () => {
  test('unknown /api paths are a JSON 404 naming the method and path', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/api/orders/42/teleport'],
      ['DELETE', '/api/products'],
    ] as const) {
      const res = await call(app, method, path, { cookie: cookies.admin });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ code: 'not_found', message: `No API route ${method} ${path}` });
    }
  });

  test('a failure nobody anticipated is a 500 with a generic message; the detail goes to the log', async () => {
    const logger = recordingLogger();
    const failing: Db = {
      ...db,
      query: (text, params) =>
        text.includes('FROM products')
          ? Promise.reject(new Error('relation "secret" is broken'))
          : db.query(text, params),
    };
    const res = await call(testApp(failing, { logger }), 'GET', '/api/products', { cookie: cookies.admin });
    expect(res.status).toBe(500);
    expect(res.json).toEqual({
      code: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(res.text).not.toContain('secret');
    expect(logger.errors).toEqual(['Unhandled error on GET /api/products: relation "secret" is broken']);
  });
});

describe('GET /api/health', () => {
  test('200 with database latency, uptime and version; no sign-in needed', async () => {
    const res = await call(app, 'GET', '/api/health');
    expect(res.status).toBe(200);
    const health = healthResponseSchema.parse(res.json);
    expect(health.status).toBe('ok');
    expect(health.database.ok).toBe(true);
    expect(health.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  test('503 when the database does not answer, without connection details', async () => {
    const logger = recordingLogger();
    const down: Db = { ...db, query: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432')) };
    const res = await call(testApp(down, { logger }), 'GET', '/api/health');
    expect(res.status).toBe(503);
    const health = healthResponseSchema.parse(res.json);
    expect(health).toMatchObject({ status: 'error', database: { ok: false, latencyMs: null } });
    expect(res.text).not.toContain('10.0.0.5');
    expect(logger.errors).toHaveLength(1);
    expect(logger.errors[0]).toContain('ECONNREFUSED');
  });
});
