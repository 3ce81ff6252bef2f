import type { Db } from '@db/client.ts';
import { type Expected, microsIso } from '../autosave-load.ts';

export interface Verified {
  /** Items that hold exactly the last value typed for them (count and typing time). */
  verified: number;
  /** Items typed whose stored value is another, or missing. */
  wrong: number;
  /** Items stored in an open count that nobody typed. */
  untyped: number;
  /** The first few wrong items, what was typed last beside what is stored, for a person to read. */
  examples: string[];
}

const EXAMPLES = 5;

/**
 * Compares the open count sessions with the last value each simulated device typed, keyed `locationId:productId`.
 * The typing time is compared to the microsecond, as the database keeps it.
 */
export async function verifyLastTyped(db: Db, lastTyped: ReadonlyMap<string, Expected>): Promise<Verified> {
  const rows = await db.query<{
    locationId: number;
    productId: number;
    count: number | null;
    micros: number;
  }>(
    `SELECT cs.location_id AS "locationId", ci.product_id AS "productId", ci.count,
            (extract(epoch FROM ci.typed_at) * 1000000)::bigint AS micros
       FROM count_items ci JOIN count_sessions cs ON cs.id = ci.session_id AND cs.status = 'open'`,
  );
  const stored = new Map(rows.map((row) => [`${row.locationId}:${row.productId}`, row]));
  let verified = 0;
  let wrong = 0;
  const examples: string[] = [];
  for (const [key, expected] of lastTyped) {
    const row = stored.get(key);
    if (row && row.count === expected.count && row.micros === expected.micros) {
      verified++;
      continue;
    }
    wrong++;
    if (examples.length < EXAMPLES) {
      examples.push(
        `${key}: typed last ${expected.count} at ${microsIso(expected.micros)}` +
          (expected.answered ? ` (answered ${expected.answered})` : '') +
          ', stored ' +
          (row ? `${row.count} at ${microsIso(row.micros)}` : 'nothing'),
      );
    }
  }
  const untyped = [...stored.keys()].filter((key) => !lastTyped.has(key));
  for (const key of untyped.slice(0, Math.max(0, EXAMPLES - examples.length))) {
    examples.push(`${key}: stored ${stored.get(key)?.count}, typed by nobody`);
  }
  return { verified, wrong, untyped: untyped.length, examples };
}
