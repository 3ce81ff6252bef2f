import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { PAGE_USER_HEADER } from '@engine/endpoints/endpoint.ts';
import { ERROR_CATALOGUE } from '@engine/errors/error-catalogue.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, testApp } from './http.ts';

/**
 * A tab stays open while another person signs in on the same browser: the cookie is the browser's, so the tab's
 * writes would carry the new person's session. The page names the person it was opened for, and a write that names
 * someone else is refused with nothing written.
 */
let db: Db;
let fx: Fixture;
let app: ReturnType<typeof testApp>;
let minute = 0;

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = testApp(db);
});
afterAll(() => db.close());

const saveBeans = (cookie: string, count: number, pageUser?: number) =>
  call(app, 'POST', '/api/count-sessions/items', {
    cookie,
    headers: pageUser === undefined ? {} : { [PAGE_USER_HEADER]: String(pageUser) },
    body: {
      locationId: fx.locations.own.id,
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

async function storedBeans(): Promise<{ count: number | null; updatedBy: number | null } | null> {
  const [row] = await db.query<{ count: number | null; updatedBy: number | null }>(
    `SELECT ci.count, ci.updated_by AS "updatedBy" FROM count_items ci JOIN count_sessions cs ON cs.id = ci.session_id
      WHERE cs.location_id = $1 AND cs.status = 'open' AND ci.product_id = $2`,
    [fx.locations.own.id, fx.products.beans],
  );
  return row ?? null;
}

describe('a write from a page opened for another person', () => {
  test('is refused with 401, on fresh and on remembered access, and writes nothing', async () => {
    const manager = await sessionCookieFor(db, fx.users.cafeManager.id);
    expect((await saveBeans(manager, 3, fx.users.cafeManager.id)).status).toBe(200);
    expect(await storedBeans()).toEqual({ count: 3, updatedBy: fx.users.cafeManager.id });
    // The staff member's page, left open, while the manager's session is the browser's now.
    for (const count of [4, 5]) {
      const refused = await saveBeans(manager, count, fx.users.staff.id);
      expect(refused.status).toBe(401);
      expect(refused.json).toEqual({
        code: 'another_person_signed_in',
        message: ERROR_CATALOGUE.another_person_signed_in.message,
      });
    }
    expect(await storedBeans()).toEqual({ count: 3, updatedBy: fx.users.cafeManager.id });
  });

  test('a write that names nobody is the session’s, as a script’s is', async () => {
    const manager = await sessionCookieFor(db, fx.users.cafeManager.id);
    expect((await saveBeans(manager, 6)).status).toBe(200);
    expect(await storedBeans()).toEqual({ count: 6, updatedBy: fx.users.cafeManager.id });
  });

  test('reads are answered, and signing out ends the browser’s session whoever the page was for', async () => {
    const manager = await sessionCookieFor(db, fx.users.cafeManager.id);
    const headers = { [PAGE_USER_HEADER]: String(fx.users.staff.id) };
    expect((await call(app, 'GET', '/api/auth/user', { cookie: manager, headers })).status).toBe(200);
    expect((await call(app, 'POST', '/api/auth/logout', { cookie: manager, headers })).status).toBe(204);
    expect((await call(app, 'GET', '/api/auth/user', { cookie: manager })).status).toBe(401);
  });
});
