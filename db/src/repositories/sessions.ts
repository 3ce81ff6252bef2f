import type { Db } from '@db/client.ts';
import { groupedCalls } from '@db/grouped-calls.ts';

/** The signed-in person behind a live session. */
export interface SessionUser {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  profileImageUrl: string | null;
  /** Set by an invitation or a password reset until the user chooses their own password. */
  mustChangePassword: boolean;
}

/**
 * Everything a request's access step needs, read in one statement with the session (decision 037): the
 * user, the role's permission keys and the cafés in the user's scope. Nothing of it is cached between
 * requests, so a sign-out, a deactivation, a role or permission change and a reassignment count from the
 * very next request on every instance.
 */
export interface SessionAccess extends SessionUser {
  permissions: string[];
  /** Active cafés in scope: every one for an admin, a district manager's districts, assigned ones. */
  scopeLocationIds: number[];
}

// Writing last_seen_at on every request would turn every read into a write; a minute is precise enough
// for an idle timeout measured in hours.
export const TOUCH_INTERVAL_SECONDS = 60;

export async function createSession(
  db: Db,
  session: {
    idHash: string;
    userId: number;
    absoluteSeconds: number;
    userAgent: string | null;
    ip: string | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO sessions (id_hash, user_id, expires_at, user_agent, ip)
     VALUES ($1, $2, now() + ($3::int * interval '1 second'), $4, $5)`,
    [session.idHash, session.userId, session.absoluteSeconds, session.userAgent, session.ip],
  );
}

/**
 * The user of a live session: not past its absolute expiry, used within the idle limit, user still active.
 * A dead session is deleted on sight, so it cannot come back if the clock or the limits change.
 */
export async function findSessionUser(
  db: Db,
  idHash: string,
  idleSeconds: number,
): Promise<SessionUser | null> {
  const [row] = await db.query<SessionUser & { live: boolean; stale: boolean }>(
    `SELECT u.id AS "userId", u.email, u.first_name AS "firstName", u.last_name AS "lastName",
            u.role_key AS role, u.profile_image_url AS "profileImageUrl",
            u.must_change_password AS "mustChangePassword",
            (s.expires_at > now() AND s.last_seen_at > now() - ($2::int * interval '1 second') AND u.active) AS live,
            s.last_seen_at < now() - ($3::int * interval '1 second') AS stale
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id_hash = $1`,
    [idHash, idleSeconds, TOUCH_INTERVAL_SECONDS],
  );
  if (!row) return null;
  if (!row.live) {
    await deleteSession(db, idHash);
    return null;
  }
  if (row.stale) await db.query('UPDATE sessions SET last_seen_at = now() WHERE id_hash = $1', [idHash]);
  const { live: _live, stale: _stale, ...user } = row;
  return user;
}

const ACCESS_COLUMNS = `out_user_id AS "userId", out_email AS email, out_first_name AS "firstName",
       out_last_name AS "lastName", out_role AS role, out_profile_image_url AS "profileImageUrl",
       out_must_change_password AS "mustChangePassword", out_live AS live, out_stale AS stale,
       out_permissions AS permissions, out_scope_location_ids AS "scopeLocationIds"`;

// The same rule as IN_SCOPE in locations.ts (isLocationInScope), over the session's user, in one SQL function
// (migration 0020, decision 051). A PostgreSQL server prepares this statement once per connection and inlines the
// function into it; PGlite prepares nothing, so there the PL/pgSQL shell around it keeps the plan instead.
const ACCESS_FUNCTION = { postgres: 'session_access_inline', pglite: 'session_access' } as const;
const SESSION_ACCESS = {
  postgres: `SELECT ${ACCESS_COLUMNS} FROM ${ACCESS_FUNCTION.postgres}($1::text, $2::int, $3::int)`,
  pglite: `SELECT ${ACCESS_COLUMNS} FROM ${ACCESS_FUNCTION.pglite}($1::text, $2::int, $3::int)`,
} as const;

type AccessRow = SessionAccess & { live: boolean; stale: boolean };

interface AccessLookup {
  idHash: string;
  idleSeconds: number;
}

async function accessOf(db: Db, lookup: AccessLookup): Promise<AccessRow | null> {
  const [row] = await db.query<AccessRow>(SESSION_ACCESS[db.driver], [
    lookup.idHash,
    lookup.idleSeconds,
    TOUCH_INTERVAL_SECONDS,
  ]);
  return row ?? null;
}

/**
 * Several sessions' access in one call (migration 0022), answered in the order given. One idle limit for all:
 * the server has one, so a group never mixes two.
 */
export async function findSessionAccessMany(
  db: Db,
  lookups: readonly AccessLookup[],
): Promise<(AccessRow | null)[]> {
  const idleSeconds = lookups[0]?.idleSeconds ?? 0;
  if (lookups.some((lookup) => lookup.idleSeconds !== idleSeconds)) {
    return Promise.all(lookups.map((lookup) => accessOf(db, lookup)));
  }
  const rows = await db.query<AccessRow & { index: number }>(
    `SELECT out_index AS index, ${ACCESS_COLUMNS} FROM session_access_many($1::text[], $2::int, $3::int)`,
    [lookups.map((lookup) => lookup.idHash), idleSeconds, TOUCH_INTERVAL_SECONDS],
  );
  const found: (AccessRow | null)[] = lookups.map(() => null);
  for (const { index, ...row } of rows) found[index - 1] = row;
  return found;
}

/**
 * On the embedded database, requests' access statements are grouped while it is busy (decision 055): there one
 * statement runs at a time and most of its cost is the call, not the lookup. On a PostgreSQL server the call is
 * prepared and cheap, and grouping moved nothing (decision 051), so each request asks alone.
 */
const accessGrouped = groupedCalls({
  maxInFlight: 1,
  maxGroup: 32,
  one: accessOf,
  many: findSessionAccessMany,
});

/** findSessionUser plus the role's permissions and the user's café scope, in one statement. */
export async function findSessionAccess(
  db: Db,
  idHash: string,
  idleSeconds: number,
): Promise<SessionAccess | null> {
  const lookup = { idHash, idleSeconds };
  const row = await (db.driver === 'pglite' ? accessGrouped(db, lookup) : accessOf(db, lookup));
  return settle(db, idHash, row);
}

/** A session's access as it stands when it is read: the access epoch and the session's absolute end with it. */
export interface SessionAccessAtEpoch extends SessionAccess {
  /** access_epoch's number when this access was read (migration 0024, decision 063). */
  accessEpoch: string;
  expiresAt: Date;
}

/**
 * findSessionAccess with the access epoch read in the same statement, so the number is the one the access was
 * read at: on PostgreSQL one statement has one snapshot (the rule is a STABLE SQL function), and PGlite runs one
 * statement at a time, so no change commits in between.
 */
export async function findSessionAccessAtEpoch(
  db: Db,
  idHash: string,
  idleSeconds: number,
): Promise<SessionAccessAtEpoch | null> {
  const [row] = await db.query<AccessRow & { accessEpoch: string; expiresAt: unknown }>(
    `SELECT (SELECT n FROM access_epoch)::text AS "accessEpoch",
            (SELECT expires_at FROM sessions WHERE id_hash = $1) AS "expiresAt", ${ACCESS_COLUMNS}
       FROM ${ACCESS_FUNCTION[db.driver]}($1::text, $2::int, $3::int)`,
    [idHash, idleSeconds, TOUCH_INTERVAL_SECONDS],
  );
  const access = await settle(db, idHash, row ?? null);
  if (!access) return null;
  const { accessEpoch, expiresAt, ...rest } = access;
  return { ...rest, accessEpoch: String(accessEpoch), expiresAt: new Date(expiresAt as string | Date) };
}

/** A live session's access; a dead one is deleted on sight, a stale one has its last use moved on. */
async function settle<R extends AccessRow>(
  db: Db,
  idHash: string,
  row: R | null,
): Promise<Omit<R, 'live' | 'stale'> | null> {
  if (!row) return null;
  if (!row.live) {
    await deleteSession(db, idHash);
    return null;
  }
  if (row.stale) await db.query('UPDATE sessions SET last_seen_at = now() WHERE id_hash = $1', [idHash]);
  const { live: _live, stale: _stale, ...access } = row;
  return access;
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
}

/** Housekeeping: sessions nobody can use any more. */
export async function deleteDeadSessions(db: Db, idleSeconds: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM sessions
      WHERE expires_at <= now() OR last_seen_at <= now() - ($1::int * interval '1 second')
      RETURNING 1`,
    [idleSeconds],
  );
  return rows.length;
}
