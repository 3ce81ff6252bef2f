import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import type { Actor } from '@engine/actor.ts';
import { AppError } from '@engine/errors/app-error.ts';

/**
 * Pairs a location with a Square location by hand, or unpairs it (null). Either way the mapping is marked
 * 'hand' so a later sync leaves it alone. A Square location already paired with another café is refused
 * with that café's name: one Square location's figures belong to one café.
 */
export function mapSquareLocation(
  db: Db,
  actor: Actor,
  locationId: number,
  squareLocationId: string | null,
): Promise<void> {
  return db.transaction(async (tx) => {
    const [before] = await tx.query<{ squareLocationId: string | null; mappedBy: string | null }>(
      `SELECT square_location_id AS "squareLocationId", square_mapped_by AS "mappedBy"
         FROM locations WHERE id = $1 FOR UPDATE`,
      [locationId],
    );
    if (!before) throw AppError.notFound(`No location with id ${locationId}.`);
    if (squareLocationId !== null) {
      const [listed] = await tx.query('SELECT 1 FROM square_locations WHERE id = $1', [squareLocationId]);
      if (!listed) {
        throw AppError.notFound(
          `Square did not list a location ${squareLocationId} at the last sync. Sync, then pair.`,
        );
      }
      const [taken] = await tx.query<{ name: string }>(
        'SELECT name FROM locations WHERE square_location_id = $1 AND id <> $2',
        [squareLocationId, locationId],
      );
      if (taken)
        throw AppError.conflict(
          `That Square location is already paired with ${taken.name}. Unpair it there first.`,
        );
    }
    await tx.query(`UPDATE locations SET square_location_id = $2, square_mapped_by = 'hand' WHERE id = $1`, [
      locationId,
      squareLocationId,
    ]);
    // Figures read for the old Square location are not this café's any more.
    await tx.query('DELETE FROM square_on_hand WHERE location_id = $1', [locationId]);
    await recordAudit(tx, {
      actorId: actor.id,
      action: squareLocationId === null ? 'square.location.unmap' : 'square.location.map',
      entity: 'location',
      entityId: String(locationId),
      locationId,
      before,
      after: { squareLocationId, mappedBy: 'hand' },
    });
  });
}

/** Pairs a product with a Square item variation by hand, or unpairs it (null); see mapSquareLocation. */
export function mapSquareVariation(
  db: Db,
  actor: Actor,
  productId: number,
  squareVariationId: string | null,
): Promise<void> {
  return db.transaction(async (tx) => {
    const [before] = await tx.query<{ squareVariationId: string | null; mappedBy: string | null }>(
      `SELECT square_variation_id AS "squareVariationId", square_mapped_by AS "mappedBy"
         FROM products WHERE id = $1 AND retired_at IS NULL FOR UPDATE`,
      [productId],
    );
    if (!before) throw AppError.notFound(`No product with id ${productId}.`);
    if (squareVariationId !== null) {
      const [listed] = await tx.query('SELECT 1 FROM square_variations WHERE id = $1', [squareVariationId]);
      if (!listed) {
        throw AppError.notFound(
          `Square did not list an item variation ${squareVariationId} at the last sync. Sync, then pair.`,
        );
      }
      const [taken] = await tx.query<{ name: string }>(
        'SELECT name FROM products WHERE square_variation_id = $1 AND id <> $2',
        [squareVariationId, productId],
      );
      if (taken)
        throw AppError.conflict(
          `That Square item is already paired with ${taken.name}. Unpair it there first.`,
        );
    }
    await tx.query(
      `UPDATE products SET square_variation_id = $2, square_mapped_by = 'hand', updated_at = now() WHERE id = $1`,
      [productId, squareVariationId],
    );
    await tx.query('DELETE FROM square_on_hand WHERE product_id = $1', [productId]);
    await recordAudit(tx, {
      actorId: actor.id,
      action: squareVariationId === null ? 'square.product.unmap' : 'square.product.map',
      entity: 'product',
      entityId: String(productId),
      locationId: null,
      before,
      after: { squareVariationId, mappedBy: 'hand' },
    });
  });
}
