import type { Db } from '@db/client.ts';
import { personNameSql } from './person-name.ts';
import { toIsoString, toIsoStringOrNull } from './timestamps.ts';

export interface CountSessionRow {
  id: number;
  startedAt: string;
  startedBy: string | null;
  clearedAt: string | null;
}

interface RawSession {
  id: number;
  startedAt: unknown;
  startedBy: string | null;
  clearedAt: unknown;
}

const SELECT_SESSION = `
  SELECT cs.id, cs.started_at AS "startedAt", ${personNameSql('u')} AS "startedBy", cs.cleared_at AS "clearedAt"
    FROM count_sessions cs LEFT JOIN users u ON u.id = cs.started_by`;

function toSession(row: RawSession): CountSessionRow {
  return {
    id: row.id,
    startedAt: toIsoString(row.startedAt),
    startedBy: row.startedBy,
    clearedAt: toIsoStringOrNull(row.clearedAt),
  };
}

/**
 * The location's open count session, locked until the transaction ends. Every counting write takes this
 * lock first, so writes to one count (item saves, clear, start, completion) run one after another while
 * other locations' counts go on in parallel. Call inside a transaction.
 */
export async function lockOpenCountSession(tx: Db, locationId: number): Promise<CountSessionRow | null> {
  const [row] = await tx.query<RawSession>(
    `${SELECT_SESSION} WHERE cs.location_id = $1 AND cs.status = 'open' FOR NO KEY UPDATE OF cs`,
    [locationId],
  );
  return row ? toSession(row) : null;
}

/**
 * Serialises opening count sessions at one location: only one transaction at a time may decide there is
 * no open session and create one (the unique index would refuse the second). Call inside a transaction.
 */
export async function lockLocationForNewCountSession(tx: Db, locationId: number): Promise<void> {
  await tx.query('SELECT 1 FROM locations WHERE id = $1 FOR NO KEY UPDATE', [locationId]);
}

/** Closes a session; its items stay as the history of that count. */
export async function closeCountSession(tx: Db, sessionId: number): Promise<void> {
  await tx.query(`UPDATE count_sessions SET status = 'closed', closed_at = now() WHERE id = $1`, [sessionId]);
}

/** Opens a new session; the caller has closed the previous one and holds the location's lock. */
export async function insertCountSession(
  tx: Db,
  locationId: number,
  startedBy: number,
): Promise<CountSessionRow> {
  const [inserted] = await tx.query<{ id: number }>(
    'INSERT INTO count_sessions (location_id, started_by) VALUES ($1, $2) RETURNING id',
    [locationId, startedBy],
  );
  if (!inserted) throw new Error('Opening a count session returned no row');
  const [row] = await tx.query<RawSession>(`${SELECT_SESSION} WHERE cs.id = $1`, [inserted.id]);
  if (!row) throw new Error('A count session vanished inside its own transaction');
  return toSession(row);
}

/** Records "Clear all counts" on the session: edits typed before this moment no longer apply. */
export async function markCountSessionCleared(
  tx: Db,
  sessionId: number,
  clearedBy: number,
): Promise<CountSessionRow> {
  await tx.query('UPDATE count_sessions SET cleared_at = now(), cleared_by = $2 WHERE id = $1', [
    sessionId,
    clearedBy,
  ]);
  const [row] = await tx.query<RawSession>(`${SELECT_SESSION} WHERE cs.id = $1`, [sessionId]);
  if (!row) throw new Error('A cleared count session vanished inside its own transaction');
  return toSession(row);
}
