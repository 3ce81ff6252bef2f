import type { Db } from '@db/client.ts';

export type SquareRead =
  | { ok: true; at: Date; figures: { productId: number; quantity: number }[] }
  | { ok: false; at: Date; failure: string };

/**
 * Keeps what Square last said for a café — its figures when it answered, its failure when it did not — so
 * the nightly report, the count export and the variance report can use them without calling Square; the
 * figures also go on that business day's nightly count. Square's data, not a person's change: no audit row.
 */
export function recordSquareRead(db: Db, locationId: number, read: SquareRead): Promise<void> {
  return db.transaction(async (tx) => {
    if (read.ok) {
      if (read.figures.length > 0) {
        await tx.query(
          `INSERT INTO square_on_hand (location_id, product_id, quantity, fetched_at)
           SELECT $1, f.product_id, f.quantity, $4
             FROM unnest($2::int[], $3::numeric[]) AS f(product_id, quantity)
             JOIN products p ON p.id = f.product_id
           ON CONFLICT (location_id, product_id)
           DO UPDATE SET quantity = EXCLUDED.quantity, fetched_at = EXCLUDED.fetched_at`,
          [locationId, read.figures.map((f) => f.productId), read.figures.map((f) => f.quantity), read.at],
        );
        // The day's nightly count keeps what Square said that day beside each count: square_on_hand holds only the
        // latest figure, which the next day's read (or an unpaired product) takes away.
        await tx.query(
          `UPDATE nightly_count_items nci SET square_quantity = f.quantity
             FROM unnest($2::int[], $3::numeric[]) AS f(product_id, quantity), nightly_counts nc, locations l
            WHERE nci.nightly_count_id = nc.id AND nci.product_id = f.product_id
              AND nc.location_id = $1 AND l.id = $1
              AND nc.business_date = ($4::timestamptz AT TIME ZONE l.timezone)::date`,
          [locationId, read.figures.map((f) => f.productId), read.figures.map((f) => f.quantity), read.at],
        );
      }
      await tx.query(
        `INSERT INTO square_location_reads (location_id, last_ok_at) VALUES ($1, $2)
         ON CONFLICT (location_id) DO UPDATE SET last_ok_at = EXCLUDED.last_ok_at`,
        [locationId, read.at],
      );
    } else {
      await tx.query(
        `INSERT INTO square_location_reads (location_id, last_failed_at, last_failure) VALUES ($1, $2, $3)
         ON CONFLICT (location_id)
         DO UPDATE SET last_failed_at = EXCLUDED.last_failed_at, last_failure = EXCLUDED.last_failure`,
        [locationId, read.at, read.failure],
      );
    }
  });
}
