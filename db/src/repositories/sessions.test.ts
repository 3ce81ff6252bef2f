import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { createCountFixture } from '@db/testing/count-session-fixture.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { createSession, findSessionAccess } from './sessions.ts';

// Decision 051: PostgreSQL servers call the access rule inlined, PGlite through its PL/pgSQL shell; both ways in
// must give the same answer for every kind of session.
let db: Db;
let staffId: number;
let locationId: number;

beforeAll(async () => {
  db = await openTestDb();
  const fixture = await createCountFixture(db, 1);
  staffId = fixture.userId;
  locationId = fixture.locationId;
  await db.query('INSERT INTO user_locations (user_id, location_id) VALUES ($1, $2)', [staffId, locationId]);
  const users = await db.query<{ id: number; role: string }>(
    `INSERT INTO users (email, first_name, last_name, password_hash, role_key, active)
     VALUES ('ada@example.test', 'Ada', 'Admin', 'x', 'admin', true),
            ('dan@example.test', 'Dan', 'District', 'x', 'district_manager', true),
            ('gone@example.test', 'Gone', 'Away', 'x', 'staff', false)
     RETURNING id, role_key AS role`,
  );
  await db.query(
    `INSERT INTO user_districts (user_id, district_id) SELECT $1, district_id FROM locations WHERE id = $2`,
    [users.find((user) => user.role === 'district_manager')?.id ?? 0, locationId],
  );
  const sessions: [string, number][] = [
    ['staff', staffId],
    ...users.map((user, i): [string, number] => [`user-${i}`, user.id]),
    ['expired', staffId],
    ['idle', staffId],
  ];
  for (const [idHash, userId] of sessions) {
    await createSession(db, { idHash, userId, absoluteSeconds: 86_400, userAgent: null, ip: null });
  }
  await db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id_hash = 'expired'`);
  await db.query(`UPDATE sessions SET last_seen_at = now() - interval '2 hours' WHERE id_hash = 'idle'`);
});
afterAll(() => db.close());

test('the inlined access rule and its PL/pgSQL shell answer alike', async () => {
  const hashes = ['staff', 'user-0', 'user-1', 'user-2', 'expired', 'idle', 'unknown'];
  const answers = async (fn: string) =>
    Promise.all(hashes.map((hash) => db.query(`SELECT * FROM ${fn}($1::text, 3600, 60)`, [hash])));
  const inline = await answers('session_access_inline');
  expect(await answers('session_access')).toEqual(inline);
  // Not a vacuous comparison: live, dead and missing sessions, and scopes of each role.
  expect(inline.map((rows) => rows.length)).toEqual([1, 1, 1, 1, 1, 1, 0]);
  expect(inline.map((rows) => (rows[0] as { out_live?: boolean } | undefined)?.out_live)).toEqual([
    true,
    true,
    true,
    false,
    false,
    false,
    undefined,
  ]);
  expect(
    (inline[2]?.[0] as { out_scope_location_ids?: number[] } | undefined)?.out_scope_location_ids,
  ).toEqual([locationId]);
});

test('a request reads its access through the way in of its database', async () => {
  const access = await findSessionAccess(db, 'staff', 3600);
  expect(access?.userId).toBe(staffId);
  expect(access?.scopeLocationIds).toEqual([locationId]);
  expect(await findSessionAccess(db, 'expired', 3600)).toBeNull();
});
