import type { Db } from '@db/client.ts';

export interface MinuteCounts {
  /** The start of the minute, as an ISO time. */
  minute: string;
  requests: number;
  errors: number;
}

/** Adds one instance's counts to its rows of those minutes, in one statement. */
export async function addRequestCounts(
  db: Db,
  instanceId: string,
  counts: readonly MinuteCounts[],
): Promise<void> {
  if (counts.length === 0) return;
  await db.query(
    `INSERT INTO request_stats (minute, instance_id, requests, errors)
     SELECT c.minute::timestamptz, $1, c.requests, c.errors
       FROM unnest($2::text[], $3::int[], $4::int[]) AS c(minute, requests, errors)
     ON CONFLICT (minute, instance_id) DO UPDATE
       SET requests = request_stats.requests + EXCLUDED.requests,
           errors = request_stats.errors + EXCLUDED.errors`,
    [instanceId, counts.map((c) => c.minute), counts.map((c) => c.requests), counts.map((c) => c.errors)],
  );
}

/** Requests and errors of every instance over the last `minutes` minutes, the current one included. */
export async function sumRecentRequests(
  db: Db,
  minutes: number,
): Promise<{ requests: number; errors: number }> {
  const [row] = await db.query<{ requests: number; errors: number }>(
    `SELECT COALESCE(sum(requests), 0)::int AS requests, COALESCE(sum(errors), 0)::int AS errors
       FROM request_stats
      WHERE minute >= date_trunc('minute', now()) - ($1::int - 1) * interval '1 minute'`,
    [minutes],
  );
  return row ?? { requests: 0, errors: 0 };
}

/** Housekeeping: minutes nobody reads any more. */
export async function deleteOldRequestStats(db: Db, olderThanHours: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM request_stats WHERE minute < now() - ($1::int * interval '1 hour') RETURNING 1`,
    [olderThanHours],
  );
  return rows.length;
}
