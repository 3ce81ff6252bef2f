import type { Db } from '@db/client.ts';

/**
 * The access epoch (migration 0024, decision 063) and the session's absolute expiry, read before a session's
 * access so that access can be tagged with a number no newer than what it was read from: a change committed
 * between the two reads makes the tag stale, never the other way round.
 */
export async function readAccessEpoch(
  db: Db,
  idHash: string,
): Promise<{ epoch: string; sessionExpiresAt: Date | null }> {
  const [row] = await db.query<{ epoch: string | number | bigint; expiresAt: unknown }>(
    `SELECT (SELECT n FROM access_epoch)::text AS epoch,
            (SELECT expires_at FROM sessions WHERE id_hash = $1) AS "expiresAt"`,
    [idHash],
  );
  const expiresAt = row?.expiresAt;
  return {
    epoch: String(row?.epoch ?? ''),
    sessionExpiresAt:
      expiresAt instanceof Date ? expiresAt : typeof expiresAt === 'string' ? new Date(expiresAt) : null,
  };
}
