import type { Db } from '@db/client.ts';
import { type Expected, microsIso } from '../autosave-load.ts';

export interface Verified {
  /** Items that hold exactly the last value typed for them (count and typing time). */
  verified: number;
  /** Items typed whose stored value is another, or missing. */
  wrong: number;
  /** Items stored in an open count that nobody typed. */
  untyped: number;
  /** Of the wrong and untyped items, those that hold the value of a save whose sender got an error. */
  fromUnanswered: number;
  /** The first few wrong items, what was typed last beside what is stored, for a person to read. */
  examples: string[];
}

const EXAMPLES = 5;

/**
 * Compares the open count sessions with the last value each simulated device typed, keyed `locationId:productId`.
 * The typing time is compared to the microsecond, as the database keeps it.
 */
export async function verifyLastTyped(
  db: Db,
  lastTyped: ReadonlyMap<string, Expected>,
  /** Per item, the last value carried by a save that answered an error, where the load generator keeps it. */
  unanswered: ReadonlyMap<string, Expected> = new Map(),
): Promise<Verified> {
  const rows = await db.query<{
    locationId: number;
    productId: number;
    count: number | null;
    micros: number;
    savedMicros: number;
  }>(
    `SELECT cs.location_id AS "locationId", ci.product_id AS "productId", ci.count,
            (extract(epoch FROM ci.typed_at) * 1000000)::bigint AS micros,
            (extract(epoch FROM ci.updated_at) * 1000000)::bigint AS "savedMicros"
       FROM count_items ci JOIN count_sessions cs ON cs.id = ci.session_id AND cs.status = 'open'`,
  );
  const stored = new Map(rows.map((row) => [`${row.locationId}:${row.productId}`, row]));
  let verified = 0;
  let wrong = 0;
  let fromUnanswered = 0;
  const examples: string[] = [];
  const heldUnanswered = (key: string, row: (typeof rows)[number] | undefined) => {
    const sent = unanswered.get(key);
    const held =
      row !== undefined && sent !== undefined && row.count === sent.count && row.micros === sent.micros;
    if (held) fromUnanswered++;
    // A typing time later than the database's clock is stored as that clock: the save's own time.
    const clamped = row !== undefined && row.micros === row.savedMicros;
    return (
      (held ? ' — the value of a save whose sender got an error' : '') +
      (clamped ? " — its typing time moved back to the database's clock at the save" : '')
    );
  };
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
          (row ? `${row.count} at ${microsIso(row.micros)}` : 'nothing') +
          heldUnanswered(key, row),
      );
    } else heldUnanswered(key, row);
  }
  const untyped = [...stored.keys()].filter((key) => !lastTyped.has(key));
  const room = EXAMPLES - examples.length;
  untyped.forEach((key, index) => {
    const because = heldUnanswered(key, stored.get(key));
    if (index < room) examples.push(`${key}: stored ${stored.get(key)?.count}, typed by nobody${because}`);
  });
  return { verified, wrong, untyped: untyped.length, fromUnanswered, examples };
}
