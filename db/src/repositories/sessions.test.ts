import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { createCountFixture } from '@db/testing/count-session-fixture.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { createSession, findSessionAccess, findSessionAccessMany } from './sessions.ts';

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

test('several sessions looked up in one call answer as each alone, in the order given', async () => {
  // Decision 055: the grouped call of the embedded database, checked on both databases.
  const hashes = ['idle', 'unknown', 'staff', 'user-0', 'staff', 'expired', 'user-1', 'user-2'];
  const lookups = hashes.map((idHash) => ({ idHash, idleSeconds: 3600 }));
  const alone = await Promise.all(
    hashes.map(async (hash) => {
      const [row] = await db.query<{
        out_user_id: number;
        out_live: boolean;
        out_scope_location_ids: number[];
      }>('SELECT * FROM session_access($1::text, 3600, 60)', [hash]);
      return row ? [row.out_user_id, row.out_live, row.out_scope_location_ids] : null;
    }),
  );
  const together = (await findSessionAccessMany(db, lookups)).map((row) =>
    row ? [row.userId, row.live, row.scopeLocationIds] : null,
  );
  expect(together).toEqual(alone);
  expect(together.map((row) => row?.[1] ?? null)).toEqual([
    false,
    null,
    true,
    true,
    true,
    false,
    true,
    false,
  ]);
  expect(await findSessionAccessMany(db, [])).toEqual([]);
  // Idle limits that differ are looked up one by one: a group never applies one to another's session.
  const mixed = await findSessionAccessMany(db, [
    { idHash: 'idle', idleSeconds: 3 * 3600 },
    { idHash: 'idle', idleSeconds: 3600 },
  ]);
  expect(mixed.map((row) => row?.live)).toEqual([true, false]);
});

test('a request reads its access through the way in of its database', async () => {
  const access = await findSessionAccess(db, 'staff', 3600);
  expect(access?.userId).toBe(staffId);
  expect(access?.scopeLocationIds).toEqual([locationId]);
  expect(await findSessionAccess(db, 'expired', 3600)).toBeNull();
});

test('concurrent requests on the embedded database share their access calls; on a server each asks alone', async () => {
  const query = db.query;
  const statements: string[] = [];
  db.query = ((sql: string, params?: Parameters<Db['query']>[1]) => {
    const called = /FROM (session_access\w*)\(/.exec(sql)?.[1];
    if (called) statements.push(called);
    return query.call(db, sql, params);
  }) as Db['query'];
  try {
    const hashes = ['staff', 'user-0', 'user-1', 'unknown', 'staff', 'user-2'];
    const answers = await Promise.all(hashes.map((hash) => findSessionAccess(db, hash, 3600)));
    expect(answers.map((access) => access?.userId ?? null)).toEqual([
      staffId,
      expect.any(Number),
      expect.any(Number),
      null,
      staffId,
      null,
    ]);
    expect(statements).toEqual(
      db.driver === 'pglite'
        ? ['session_access', 'session_access_many']
        : hashes.map(() => 'session_access_inline'),
    );
  } finally {
    db.query = query;
  }
});
