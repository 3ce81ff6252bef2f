import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { findPasswordHash, replaceOwnPassword } from './users.ts';

let db: Db;

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

async function addUser(email: string, options: { active?: boolean } = {}): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, role_key, must_change_password, active)
     VALUES ($1, 'one-time hash', 'staff', true, $2) RETURNING id`,
    [email, options.active ?? true],
  );
  if (!row) throw new Error('Inserting a user returned no row');
  return row.id;
}

async function stored(id: number) {
  const [row] = await db.query<{ hash: string; mustChange: boolean }>(
    'SELECT password_hash AS hash, must_change_password AS "mustChange" FROM users WHERE id = $1',
    [id],
  );
  return row;
}

describe('findPasswordHash', () => {
  test('the hash of an active user; null for a deactivated or unknown one', async () => {
    expect(await findPasswordHash(db, await addUser('find@example.test'))).toBe('one-time hash');
    expect(await findPasswordHash(db, await addUser('gone@example.test', { active: false }))).toBeNull();
    expect(await findPasswordHash(db, 2_147_483_647)).toBeNull();
  });
});

describe('replaceOwnPassword', () => {
  test('replaces the hash it was read from and clears the one-time flag', async () => {
    const id = await addUser('replace@example.test');
    expect(await replaceOwnPassword(db, id, 'one-time hash', 'own hash')).toBe(true);
    expect(await stored(id)).toEqual({ hash: 'own hash', mustChange: false });
  });

  test('changes nothing when the hash changed in between (a reset won the race)', async () => {
    const id = await addUser('race@example.test');
    await db.query(`UPDATE users SET password_hash = 'reset hash' WHERE id = $1`, [id]);
    expect(await replaceOwnPassword(db, id, 'one-time hash', 'own hash')).toBe(false);
    expect(await stored(id)).toEqual({ hash: 'reset hash', mustChange: true });
  });

  test('changes nothing for a deactivated user', async () => {
    const id = await addUser('inactive@example.test', { active: false });
    expect(await replaceOwnPassword(db, id, 'one-time hash', 'own hash')).toBe(false);
    expect(await stored(id)).toEqual({ hash: 'one-time hash', mustChange: true });
  });
});
