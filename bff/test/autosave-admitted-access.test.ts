import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openAnotherPool, openTestDb } from '@db/testing/test-db.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, testApp } from './http.ts';

/**
 * Count Inventory's autosave admits a session's saves on the access its instance read for it a moment ago, and
 * the save confirms that access in its own transaction (decision 063). Whatever changes the access — on the
 * other instance, or straight in the database as the command line does — the very next save is decided on
 * access read afresh, and a refused save writes nothing.
 */
let db: Db;
let fx: Fixture;
let a: ReturnType<typeof testApp>;
let b: ReturnType<typeof testApp>;
let admin: string;
let staff: string;
let own: number;
let minute = 0;

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  a = testApp(db);
  b = testApp(openAnotherPool(db));
  admin = await sessionCookieFor(db, fx.users.admin.id);
  own = fx.locations.own.id;
});
afterAll(() => db.close());
beforeEach(async () => {
  staff = await sessionCookieFor(db, fx.users.staff.id);
});

/** Saves a count of beans on instance B: each call typed a minute after the last. */
const saveOnB = (count: number, locationId = own, cookie = staff) =>
  call(b, 'POST', '/api/count-sessions/items', {
    cookie,
    body: {
      locationId,
      sessionId: null,
      items: [
        {
          productId: fx.products.beans,
          count,
          confirmed: false,
          typedAt: new Date(Date.now() - 60 * 60_000 + ++minute * 1000).toISOString(),
        },
      ],
    },
  });

async function storedBeans(locationId = own): Promise<number | null> {
  const [row] = await db.query<{ count: number | null }>(
    `SELECT ci.count FROM count_items ci JOIN count_sessions cs ON cs.id = ci.session_id
      WHERE cs.location_id = $1 AND cs.status = 'open' AND ci.product_id = $2`,
    [locationId, fx.products.beans],
  );
  return row?.count ?? null;
}

async function staffCafes(): Promise<number[]> {
  const rows = await db.query<{ location_id: number }>(
    'SELECT location_id FROM user_locations WHERE user_id = $1 ORDER BY location_id',
    [fx.users.staff.id],
  );
  return rows.map((row) => row.location_id);
}

/** The administrator, on instance A, gives the staff member exactly these cafés. */
const reassignStaffOnA = (locationIds: number[]) =>
  call(a, 'PATCH', `/api/admin/users/${fx.users.staff.id}`, { cookie: admin, body: { locationIds } });

/** B saves twice (the second on remembered access), then `change` runs; B's next save answers `status`. */
async function refusedAfter(change: () => Promise<unknown>, status: number): Promise<void> {
  expect((await saveOnB(3)).status).toBe(200);
  expect((await saveOnB(4)).status).toBe(200);
  expect(await storedBeans()).toBe(4);
  await change();
  const refused = await saveOnB(5);
  expect(refused.status).toBe(status);
  expect(await storedBeans()).toBe(4);
}

describe('autosave on remembered access, across two instances', () => {
  test('signing out on one instance: the next save on the other is 401 and writes nothing', async () => {
    await refusedAfter(async () => {
      expect((await call(a, 'POST', '/api/auth/logout', { cookie: staff })).status).toBe(204);
    }, 401);
  });

  test('a user deactivated on one instance: 401 on the other', async () => {
    try {
      await refusedAfter(async () => {
        const off = await call(a, 'PATCH', `/api/admin/users/${fx.users.staff.id}`, {
          cookie: admin,
          body: { active: false },
        });
        expect(off.status).toBe(200);
      }, 401);
    } finally {
      await db.query('UPDATE users SET active = true WHERE id = $1', [fx.users.staff.id]);
    }
  });

  test("the role's counting permission taken on one instance: 403 on the other", async () => {
    const [role] = await db.query<{ permissions: string[] }>(
      `SELECT ARRAY(SELECT permission_key FROM role_permissions WHERE role_key = 'staff'
                     ORDER BY permission_key) AS permissions`,
    );
    const permissions = role?.permissions ?? [];
    const withoutCounting = permissions.filter((key) => key !== 'count_inventory');
    const set = (keys: string[], basedOn: string[]) =>
      call(a, 'PUT', '/api/admin/roles/staff/permissions', {
        cookie: admin,
        body: { permissions: keys, basedOn },
      });
    try {
      await refusedAfter(async () => {
        expect((await set(withoutCounting, permissions)).status).toBe(200);
      }, 403);
    } finally {
      expect((await set(permissions, withoutCounting)).status).toBe(200);
    }
  });

  test('the café taken from the user on one instance: 403 on the other', async () => {
    const assigned = await staffCafes();
    try {
      await refusedAfter(async () => {
        expect((await reassignStaffOnA([fx.locations.sibling.id])).status).toBe(200);
      }, 403);
    } finally {
      expect((await reassignStaffOnA(assigned)).status).toBe(200);
    }
  });

  test('changes made straight in the database count too (the command line, another tool)', async () => {
    try {
      await refusedAfter(() => db.query('UPDATE locations SET active = false WHERE id = $1', [own]), 403);
    } finally {
      await db.query('UPDATE locations SET active = true WHERE id = $1', [own]);
    }
    try {
      await refusedAfter(
        () => db.query('UPDATE users SET must_change_password = true WHERE id = $1', [fx.users.staff.id]),
        403,
      );
    } finally {
      await db.query('UPDATE users SET must_change_password = false WHERE id = $1', [fx.users.staff.id]);
    }
    await refusedAfter(() => db.query('DELETE FROM sessions WHERE user_id = $1', [fx.users.staff.id]), 401);
  });

  test('a refusal is decided on access read for it: a café given on one instance is open on the other at once', async () => {
    const sibling = fx.locations.sibling.id;
    const ids = await staffCafes();
    expect(ids).not.toContain(sibling);
    try {
      expect((await saveOnB(6)).status).toBe(200);
      expect((await reassignStaffOnA([...ids, sibling])).status).toBe(200);
      expect((await saveOnB(7, sibling)).status).toBe(200);
      expect(await storedBeans(sibling)).toBe(7);
    } finally {
      expect((await reassignStaffOnA(ids)).status).toBe(200);
    }
  });

  test('a session touched by use (its last use moved on) keeps saving without a new read', async () => {
    expect((await saveOnB(8)).status).toBe(200);
    await db.query(`UPDATE sessions SET last_seen_at = now() WHERE user_id = $1`, [fx.users.staff.id]);
    expect((await saveOnB(9)).status).toBe(200);
    expect(await storedBeans()).toBe(9);
  });

  test('an access that keeps changing under the save: read again three times, then saved as any route saves', async () => {
    // The epoch moves just before each of the next `moves` saves reaches the database.
    let moves = 0;
    let saves = 0;
    const moving: Db = {
      driver: db.driver,
      query: async (text, params) => {
        if (text.includes('save_count_batch(')) {
          saves += 1;
          if (moves > 0) {
            moves -= 1;
            await db.query('UPDATE access_epoch SET n = n + 1');
          }
        }
        return db.query(text, params);
      },
      exec: (script) => db.exec(script),
      transaction: (fn) => db.transaction(fn),
      close: async () => {},
    };
    const c = testApp(moving);
    const saveOnC = (count: number) =>
      call(c, 'POST', '/api/count-sessions/items', {
        cookie: staff,
        body: {
          locationId: own,
          sessionId: null,
          items: [
            { productId: fx.products.beans, count, confirmed: false, typedAt: new Date().toISOString() },
          ],
        },
      });
    expect((await saveOnC(10)).status).toBe(200);

    moves = 2;
    saves = 0;
    expect((await saveOnC(11)).status).toBe(200);
    expect(saves).toBe(3);
    expect(await storedBeans()).toBe(11);

    moves = 100;
    saves = 0;
    expect((await saveOnC(12)).status).toBe(200);
    expect(saves).toBe(4);
    expect(await storedBeans()).toBe(12);
  });
});
