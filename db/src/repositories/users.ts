import type { Db } from '../client.ts';

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
