import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { adminDistrictSchema, adminLocationSchema } from '@engine/admin-location-schemas.ts';
import { businessDateIn } from '@engine/business-date.ts';
import type { Fixture } from './fixtures.ts';
import { call } from './http.ts';
import { expectStaleEditRefused } from './stale-edit.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

let db: Db;
let fx: Fixture;
let app: TestApp;
let admin: string;

beforeAll(async () => {
  ({
    db,
    fx,
    app,
    cookies: { admin },
  } = await openTestWorld(['admin']));
});
afterAll(() => db.close());

const send = (method: string, path: string, body?: unknown) =>
  call(app, method, path, { cookie: admin, body });

describe('districts', () => {
  test('list with location counts; create; rename; a repeated name (any case) is a 409', async () => {
    const list = adminDistrictSchema.array().parse((await send('GET', '/api/admin/districts')).json);
    expect(list).toEqual([
      { id: fx.districts.north, name: 'North', locationCount: 3 },
      { id: fx.districts.south, name: 'South', locationCount: 1 },
    ]);

    const created = await send('POST', '/api/admin/districts', { name: '  East ' });
    expect(created.status).toBe(201);
    const east = adminDistrictSchema.parse(created.json);
    expect(east).toMatchObject({ name: 'East', locationCount: 0 });

    const renamed = await send('PATCH', `/api/admin/districts/${east.id}`, { name: 'East Side' });
    expect(adminDistrictSchema.parse(renamed.json).name).toBe('East Side');
    // Saved again as it is: answered, and nothing changed to log (the audit below has one update).
    const again = await send('PATCH', `/api/admin/districts/${east.id}`, { name: 'East Side' });
    expect(adminDistrictSchema.parse(again.json).name).toBe('East Side');

    const taken = await send('POST', '/api/admin/districts', { name: 'north' });
    expect(taken.status).toBe(409);
    expect(taken.json).toEqual({ code: 'conflict', message: "A district named 'north' already exists." });
    const takenByRename = await send('PATCH', `/api/admin/districts/${east.id}`, { name: 'South' });
    expect(takenByRename.status).toBe(409);
    expect(await db.query(`SELECT name FROM districts WHERE id = $1`, [east.id])).toEqual([
      { name: 'East Side' },
    ]);

    const audit = await db.query<{ action: string; before: unknown; after: unknown }>(
      `SELECT action, before, after FROM audit_log WHERE entity = 'district' ORDER BY id`,
    );
    expect(audit).toEqual([
      { action: 'district.create', before: null, after: { id: east.id, name: 'East', locationCount: 0 } },
      {
        action: 'district.update',
        before: { id: east.id, name: 'East', locationCount: 0 },
        after: { id: east.id, name: 'East Side', locationCount: 0 },
      },
    ]);
  });

  test('a rename made on a name another administrator changed since is refused; theirs stays', async () => {
    const created = adminDistrictSchema.parse(
      (await send('POST', '/api/admin/districts', { name: 'West' })).json,
    );
    const rename = (name: string) =>
      send('PATCH', `/api/admin/districts/${created.id}`, { name, expectedName: 'West' });
    expect((await rename('West End')).status).toBe(200);
    const stale = await rename('Westside');
    expect(stale.status).toBe(409);
    expect(stale.json).toEqual({
      code: 'conflict',
      message:
        "Someone else renamed this district to 'West End' after you opened it. Nothing was saved; close the form and open it again to rename it.",
    });
    expect(await db.query('SELECT name FROM districts WHERE id = $1', [created.id])).toEqual([
      { name: 'West End' },
    ]);
  });

  test('an empty name is a 400 and an unknown district a 404', async () => {
    expect((await send('POST', '/api/admin/districts', { name: ' ' })).json).toMatchObject({
      code: 'validation_failed',
      message: 'A district name must not be empty',
    });
    expect((await send('PATCH', '/api/admin/districts/999999', { name: 'X' })).status).toBe(404);
  });
});

describe('locations', () => {
  test('the list has closed locations too, with district and time zone', async () => {
    const list = adminLocationSchema.array().parse((await send('GET', '/api/admin/locations')).json);
    expect(list.map((l) => [l.code, l.districtName, l.active])).toEqual([
      ['AP', 'North', false],
      ['DT', 'North', true],
      ['HB', 'North', true],
      ['UP', 'South', true],
    ]);
    expect(list[0]?.timezone).toBe('America/New_York');
  });

  test('create and update; the new location is in the admin scope at once', async () => {
    const created = await send('POST', '/api/admin/locations', {
      name: 'Pier',
      code: 'PR-1',
      districtId: fx.districts.south,
      timezone: 'Europe/Berlin',
    });
    expect(created.status).toBe(201);
    const pier = adminLocationSchema.parse(created.json);
    expect(pier).toMatchObject({
      name: 'Pier',
      code: 'PR-1',
      districtName: 'South',
      timezone: 'Europe/Berlin',
      active: true,
    });
    const scope = await call(app, 'GET', '/api/user/locations', { cookie: admin });
    expect((scope.json as { code: string }[]).map((l) => l.code)).toContain('PR-1');

    const moved = await send('PATCH', `/api/admin/locations/${pier.id}`, {
      districtId: fx.districts.north,
      timezone: 'America/Chicago',
    });
    expect(adminLocationSchema.parse(moved.json)).toMatchObject({
      districtName: 'North',
      timezone: 'America/Chicago',
    });

    // Closing is the way to retire a location: it leaves everyone's scope, its history stays.
    expect(pier.closedOn).toBeNull();
    const closed = await send('PATCH', `/api/admin/locations/${pier.id}`, { active: false });
    // The day it closed is kept, on the café's clock (decision 114).
    expect(adminLocationSchema.parse(closed.json)).toMatchObject({
      active: false,
      closedOn: businessDateIn(new Date(), 'America/Chicago'),
    });
    const after = await call(app, 'GET', '/api/user/locations', { cookie: admin });
    expect((after.json as { code: string }[]).map((l) => l.code)).not.toContain('PR-1');
    // An edit of a closed café keeps the day it closed; the day is the database's, not the edit's.
    await db.query(`UPDATE locations SET closed_at = '2026-02-18T17:00:00Z' WHERE id = $1`, [pier.id]);
    const renamed = await send('PATCH', `/api/admin/locations/${pier.id}`, { name: 'Pier', active: false });
    expect(adminLocationSchema.parse(renamed.json).closedOn).toBe('2026-02-18');

    const audit = await db.query<{ action: string; location_id: number }>(
      `SELECT action, location_id FROM audit_log WHERE entity = 'location' AND entity_id = $1 ORDER BY id`,
      [String(pier.id)],
    );
    expect(audit).toEqual([
      { action: 'location.create', location_id: pier.id },
      { action: 'location.update', location_id: pier.id },
      { action: 'location.update', location_id: pier.id },
    ]);

    // Open again, it keeps no closing day, and keeps the spell it was closed (decision 117).
    const today = businessDateIn(new Date(), 'America/Chicago');
    expect(adminLocationSchema.parse(renamed.json).closedSpells).toEqual([
      { closedOn: today, reopenedOn: null },
    ]);
    const reopened = await send('PATCH', `/api/admin/locations/${pier.id}`, { active: true });
    expect(adminLocationSchema.parse(reopened.json)).toMatchObject({
      active: true,
      closedOn: null,
      closedSpells: [{ closedOn: today, reopenedOn: today }],
    });
  });

  test('an edit made against a café changed since is refused, and changes nothing', async () => {
    const id = fx.locations.sibling.id;
    await expectStaleEditRefused({
      what: 'café',
      read: async () =>
        adminLocationSchema
          .array()
          .parse((await send('GET', '/api/admin/locations')).json)
          .find((location) => location.id === id),
      patch: (body) => send('PATCH', `/api/admin/locations/${id}`, body),
      first: { timezone: 'America/Chicago' },
      second: { name: 'Sibling Street', timezone: 'America/Denver' },
      snapshot: () => db.query('SELECT count(*)::int AS n FROM audit_log'),
    });
  });

  test('a café with orders waiting on a decision is not closed until they are settled', async () => {
    const created = await send('POST', '/api/admin/locations', {
      name: 'Quay',
      code: 'QY-1',
      districtId: fx.districts.south,
      timezone: 'Europe/Berlin',
    });
    const quay = adminLocationSchema.parse(created.json);
    const order = (number: string, status: string) =>
      db.query('INSERT INTO orders (number, location_id, created_by, status) VALUES ($1, $2, $3, $4)', [
        number,
        quay.id,
        fx.users.admin.id,
        status,
      ]);
    await order('QY-1-0001', 'submitted');
    await order('QY-1-0002', 'placed');
    const refused = await send('PATCH', `/api/admin/locations/${quay.id}`, {
      active: false,
      name: 'Quay Bar',
    });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      message:
        'Quay has 1 order waiting for approval. Approve, reject, place or cancel it before making the café inactive: nobody can reach them once it is.',
    });
    const [still] = await db.query('SELECT name, active FROM locations WHERE id = $1', [quay.id]);
    expect(still).toEqual({ name: 'Quay', active: true });

    await order('QY-1-0003', 'approved');
    const both = await send('PATCH', `/api/admin/locations/${quay.id}`, { active: false });
    expect((both.json as { message: string }).message).toStartWith(
      'Quay has 1 order waiting for approval and 1 approved order not yet placed.',
    );

    // Settled (a placed order waiting for a delivery does not hold it up), the café closes.
    await db.query(`UPDATE orders SET status = 'cancelled' WHERE location_id = $1 AND status <> 'placed'`, [
      quay.id,
    ]);
    const closed = await send('PATCH', `/api/admin/locations/${quay.id}`, { active: false });
    expect(adminLocationSchema.parse(closed.json).active).toBe(false);
  });

  test('a code taken in any case is a 409; nothing is written', async () => {
    const before = await db.query('SELECT id FROM locations');
    const res = await send('POST', '/api/admin/locations', {
      name: 'Again',
      code: 'dt',
      districtId: fx.districts.north,
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ code: 'conflict', message: "A location with the code 'dt' already exists." });
    expect(await db.query('SELECT id FROM locations')).toHaveLength(before.length);
    const rename = await send('PATCH', `/api/admin/locations/${fx.locations.sibling.id}`, { code: 'UP' });
    expect(rename.status).toBe(409);
  });

  test("a zone under its older name, as a browser's list offers it, makes a café whose day the database reads", async () => {
    const res = await send('POST', '/api/admin/locations', {
      name: 'Chai House Mumbai',
      code: 'IN-01',
      districtId: fx.districts.north,
      timezone: 'Asia/Calcutta',
    });
    expect(res.status).toBe(201);
    const cafe = adminLocationSchema.parse(res.json);
    // The database reads the name as the runtime does: the same calendar day at the same instant.
    const [row] = await db.query<{ day: string }>(
      `SELECT to_char(($1::timestamptz AT TIME ZONE timezone)::date, 'YYYY-MM-DD') AS day FROM locations WHERE id = $2`,
      ['2026-12-07T19:00:00Z', cafe.id],
    );
    expect(row?.day).toBe(businessDateIn(new Date('2026-12-07T19:00:00Z'), 'Asia/Kolkata'));
    expect(row?.day).toBe('2026-12-08');
  });

  test('bad input is a 400 with a message a person can act on', async () => {
    const create = (body: unknown) => send('POST', '/api/admin/locations', body);
    expect(
      (await create({ name: 'X', code: 'X1', districtId: fx.districts.north, timezone: 'Mars/Base' })).json,
    ).toMatchObject({
      code: 'validation_failed',
      message: "'Mars/Base' is not a known time zone; use a name like America/New_York or Europe/Berlin",
    });
    expect((await create({ name: 'X', code: 'X1', districtId: 999_999 })).json).toMatchObject({
      code: 'validation_failed',
      message: 'Unknown district id: 999999',
    });
    expect((await create({ name: 'X', code: 'X 1', districtId: fx.districts.north })).status).toBe(400);
    expect(
      (await send('PATCH', `/api/admin/locations/${fx.locations.own.id}`, { nickname: 'x' })).json,
    ).toMatchObject({
      message: 'Unknown field: nickname',
    });
    expect((await send('PATCH', '/api/admin/locations/999999', { active: true })).status).toBe(404);
    expect(await db.query(`SELECT 1 FROM locations WHERE code IN ('X1', 'X 1')`)).toEqual([]);
  });
});
