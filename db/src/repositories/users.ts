import type { Db } from '@db/client.ts';

export interface SignInCandidate {
  id: number;
  passwordHash: string;
  active: boolean;
}

/** The account an email signs in to; emails match case-insensitively, as the unique index does. */
export async function findUserForSignIn(db: Db, email: string): Promise<SignInCandidate | null> {
  const [row] = await db.query<SignInCandidate>(
    `SELECT id, password_hash AS "passwordHash", active FROM users WHERE lower(email) = lower($1)`,
    [email],
  );
  return row ?? null;
}

export async function recordSignIn(db: Db, userId: number): Promise<void> {
  await db.query('UPDATE users SET last_login_at = now() WHERE id = $1', [userId]);
}

/** The stored hash of a user's password, to check the current password before it is replaced. */
export async function findPasswordHash(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.query<{ passwordHash: string }>(
    'SELECT password_hash AS "passwordHash" FROM users WHERE id = $1 AND active',
    [userId],
  );
  return row?.passwordHash ?? null;
}

/**
 * The user's own choice replaces the password `expectedHash` was read from, and the one-time flag goes.
 * False when the hash changed in between (an administrator's reset, or a change from another device):
 * the newer password stands. Hash with `hashPassword` before the transaction: hashing is slow on purpose.
 */
export async function replaceOwnPassword(
  db: Db,
  userId: number,
  expectedHash: string,
  newHash: string,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE users SET password_hash = $3, must_change_password = false, updated_at = now()
      WHERE id = $1 AND password_hash = $2 AND active
      RETURNING 1`,
    [userId, expectedHash, newHash],
  );
  return rows.length === 1;
}
