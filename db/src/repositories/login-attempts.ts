import type { Db } from '@db/client.ts';

/** The log of checked password attempts (who, from where, whether it was right); the limits live elsewhere. */
export async function recordLoginAttempt(
  db: Db,
  attempt: { email: string; ip: string | null; succeeded: boolean },
): Promise<void> {
  await db.query('INSERT INTO login_attempts (email, ip, succeeded) VALUES (lower($1), $2, $3)', [
    attempt.email,
    attempt.ip,
    attempt.succeeded,
  ]);
}

/** Housekeeping: the log keeps what the caller says (a day at start-up); no limit reads it. */
export async function deleteOldLoginAttempts(db: Db, olderThanSeconds: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM login_attempts WHERE attempted_at < now() - ($1::int * interval '1 second') RETURNING 1`,
    [olderThanSeconds],
  );
  return rows.length;
}
