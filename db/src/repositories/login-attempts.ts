import type { Db } from '@db/client.ts';

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

/**
 * Seconds until an email may try again, or null when it may try now. Blocked once `limit` failures fall
 * inside the window since the last success; free again when the limit-th most recent one leaves it.
 */
export async function emailLockoutSeconds(
  db: Db,
  email: string,
  limit: number,
  windowSeconds: number,
): Promise<number | null> {
  const [row] = await db.query<{ seconds: number }>(
    `SELECT EXTRACT(EPOCH FROM (f.attempted_at + ($3::int * interval '1 second') - now())) AS seconds
       FROM login_attempts f
      WHERE lower(f.email) = lower($1) AND NOT f.succeeded
        AND f.attempted_at > now() - ($3::int * interval '1 second')
        AND f.attempted_at > COALESCE(
          (SELECT max(s.attempted_at) FROM login_attempts s WHERE lower(s.email) = lower($1) AND s.succeeded),
          '-infinity')
      ORDER BY f.attempted_at DESC
      OFFSET $2::int - 1 LIMIT 1`,
    [email, limit, windowSeconds],
  );
  return row ? Math.max(1, Math.ceil(row.seconds)) : null;
}

/** Same rule per client address, across emails, so one address cannot spray many accounts. */
export async function ipLockoutSeconds(
  db: Db,
  ip: string,
  limit: number,
  windowSeconds: number,
): Promise<number | null> {
  const [row] = await db.query<{ seconds: number }>(
    `SELECT EXTRACT(EPOCH FROM (attempted_at + ($3::int * interval '1 second') - now())) AS seconds
       FROM login_attempts
      WHERE ip = $1 AND NOT succeeded AND attempted_at > now() - ($3::int * interval '1 second')
      ORDER BY attempted_at DESC
      OFFSET $2::int - 1 LIMIT 1`,
    [ip, limit, windowSeconds],
  );
  return row ? Math.max(1, Math.ceil(row.seconds)) : null;
}

/** Housekeeping: attempts older than any window that reads them. */
export async function deleteOldLoginAttempts(db: Db, olderThanSeconds: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM login_attempts WHERE attempted_at < now() - ($1::int * interval '1 second') RETURNING 1`,
    [olderThanSeconds],
  );
  return rows.length;
}
