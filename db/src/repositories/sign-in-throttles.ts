import type { Db } from '@db/client.ts';
import { throttleAddress } from '@engine/sign-in-address.ts';
import type { ThrottleScope, ThrottleState, ThrottleStates } from '@engine/sign-in-limits.ts';

/** Who an attempt is about: the account's email and the client address ('' when unknown). */
export interface AttemptKey {
  email: string;
  ip: string | null;
}

/** The row key of each counter, in the order rows are locked (scope order) so two attempts never deadlock. */
function throttleKeys({ email, ip }: AttemptKey): [ThrottleScope, string][] {
  const account = email.toLowerCase();
  const address = throttleAddress(ip ?? '');
  return [
    ['account', account],
    ['address', address],
    ['pair', `${account}\n${address}`],
  ];
}

interface ThrottleRow {
  failures: number;
  window_started_at: Date | null;
  last_attempt_at: Date | null;
  last_success_at: Date | null;
  at: Date;
}

const toState = (row: ThrottleRow): ThrottleState => ({
  failures: row.failures,
  windowStartedAt: row.window_started_at,
  lastAttemptAt: row.last_attempt_at,
  lastSuccessAt: row.last_success_at,
});

/**
 * Reads the three counters of an attempt, creating missing ones, each locked until the transaction ends:
 * call inside `db.transaction`. `at` is the time the limits are judged at: the database's clock unless a
 * clock is given (tests fix one).
 */
export async function lockThrottles(
  tx: Db,
  key: AttemptKey,
  at: Date | null,
): Promise<{ states: ThrottleStates; at: Date }> {
  const states: Partial<ThrottleStates> = {};
  let now: Date | undefined;
  for (const [scope, rowKey] of throttleKeys(key)) {
    // An upsert that always returns the row also locks it, whether it was just made or already there.
    const [row] = await tx.query<ThrottleRow>(
      `INSERT INTO sign_in_throttles (scope, key) VALUES ($1, $2)
       ON CONFLICT (scope, key) DO UPDATE SET scope = EXCLUDED.scope
       RETURNING failures, window_started_at, last_attempt_at, last_success_at,
                 COALESCE($3::timestamptz, now()) AS at`,
      [scope, rowKey, at],
    );
    if (!row) throw new Error(`No sign-in throttle row for ${scope}`);
    states[scope] = toState(row);
    now ??= row.at instanceof Date ? row.at : new Date(String(row.at));
  }
  return { states: states as ThrottleStates, at: now as Date };
}

/** Stores the counters computed for an attempt; the rows must be locked by `lockThrottles`. */
export async function saveThrottles(tx: Db, key: AttemptKey, states: ThrottleStates): Promise<void> {
  for (const [scope, rowKey] of throttleKeys(key)) {
    const state = states[scope];
    await tx.query(
      `UPDATE sign_in_throttles
          SET failures = $3, window_started_at = $4, last_attempt_at = $5, last_success_at = $6, updated_at = now()
        WHERE scope = $1 AND key = $2`,
      [scope, rowKey, state.failures, state.windowStartedAt, state.lastAttemptAt, state.lastSuccessAt],
    );
  }
}

/**
 * A reserved attempt turned out right: the pair starts over and remembers the success (the account is
 * known at this address); the attempt no longer counts against the address or the account.
 */
export async function recordThrottledSuccess(tx: Db, key: AttemptKey, at: Date): Promise<void> {
  for (const [scope, rowKey] of throttleKeys(key)) {
    if (scope === 'pair') {
      await tx.query(
        `UPDATE sign_in_throttles SET failures = 0, last_success_at = $3, updated_at = now()
          WHERE scope = $1 AND key = $2`,
        [scope, rowKey, at],
      );
    } else {
      await tx.query(
        `UPDATE sign_in_throttles SET failures = GREATEST(failures - 1, 0), updated_at = now()
          WHERE scope = $1 AND key = $2`,
        [scope, rowKey],
      );
    }
  }
}

/** Housekeeping: counters untouched for longer than any rule reads them. */
export async function deleteStaleThrottles(db: Db, olderThanSeconds: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM sign_in_throttles WHERE updated_at < now() - ($1::int * interval '1 second') RETURNING 1`,
    [olderThanSeconds],
  );
  return rows.length;
}
