import type { Db } from '@db/client.ts';
import { type AuditEntry, recordAudit, recordAudits } from '@db/repositories/audit-log.ts';
import type { Actor } from '@engine/actor.ts';
import {
  type MatchableLocation,
  type MatchableProduct,
  matchLocations,
  matchVariations,
  type SquareVariationName,
} from '@engine/square-matching.ts';

export interface SquareListing {
  locations: { id: string; name: string; status: string | null }[];
  variations: SquareVariationName[];
}

export type SquareSyncOutcome = { ok: true; listing: SquareListing } | { ok: false; message: string };

export interface SquareSyncCounts {
  locations: number;
  variations: number;
  locationsMapped: number;
  productsMapped: number;
}

/**
 * Keeps what Square listed (so mapping works while Square is away), maps what is free — locations by code
 * then name, variations by SKU then exact name, never what a person paired or unpaired — and records the
 * sync. A failed sync is recorded too, with Square's message, and changes nothing else.
 */
export function recordSquareSync(
  db: Db,
  actor: Actor | null,
  outcome: SquareSyncOutcome,
): Promise<SquareSyncCounts> {
  return db.transaction(async (tx) => {
    const counts: SquareSyncCounts = { locations: 0, variations: 0, locationsMapped: 0, productsMapped: 0 };
    if (outcome.ok) {
      const { locations, variations } = outcome.listing;
      await tx.query('DELETE FROM square_locations');
      await tx.query('DELETE FROM square_variations');
      if (locations.length > 0) {
        await tx.query(
          `INSERT INTO square_locations (id, name, status)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT (id) DO NOTHING`,
          [locations.map((l) => l.id), locations.map((l) => l.name), locations.map((l) => l.status)],
        );
      }
      if (variations.length > 0) {
        await tx.query(
          `INSERT INTO square_variations (id, item_name, variation_name, sku)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) ON CONFLICT (id) DO NOTHING`,
          [
            variations.map((v) => v.id),
            variations.map((v) => v.itemName),
            variations.map((v) => v.variationName),
            variations.map((v) => v.sku),
          ],
        );
      }
      counts.locations = locations.length;
      counts.variations = variations.length;

      const audits: AuditEntry[] = [];
      const parstockLocations = await tx.query<MatchableLocation>(
        `SELECT id, code, name, square_location_id AS "squareLocationId", square_mapped_by AS "mappedBy"
           FROM locations WHERE active FOR UPDATE`,
      );
      for (const [locationId, squareLocationId] of matchLocations(parstockLocations, locations)) {
        await tx.query(
          `UPDATE locations SET square_location_id = $2, square_mapped_by = 'auto' WHERE id = $1`,
          [locationId, squareLocationId],
        );
        audits.push({
          actorId: actor?.id ?? null,
          action: 'square.location.map',
          entity: 'location',
          entityId: String(locationId),
          locationId,
          before: { squareLocationId: null },
          after: { squareLocationId, mappedBy: 'auto' },
        });
      }
      const products = await tx.query<MatchableProduct>(
        `SELECT id, name, sku, square_variation_id AS "squareVariationId", square_mapped_by AS "mappedBy"
           FROM products WHERE retired_at IS NULL FOR UPDATE`,
      );
      for (const [productId, squareVariationId] of matchVariations(products, variations)) {
        await tx.query(
          `UPDATE products SET square_variation_id = $2, square_mapped_by = 'auto', updated_at = now() WHERE id = $1`,
          [productId, squareVariationId],
        );
        audits.push({
          actorId: actor?.id ?? null,
          action: 'square.product.map',
          entity: 'product',
          entityId: String(productId),
          locationId: null,
          before: { squareVariationId: null },
          after: { squareVariationId, mappedBy: 'auto' },
        });
      }
      if (audits.length > 0) await recordAudits(tx, audits);
      counts.locationsMapped = audits.filter((a) => a.entity === 'location').length;
      counts.productsMapped = audits.length - counts.locationsMapped;
    }
    const message = outcome.ok ? null : outcome.message;
    const [sync] = await tx.query<{ id: string }>(
      `INSERT INTO square_syncs (ok, message, locations, variations, locations_mapped, products_mapped, synced_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text`,
      [
        outcome.ok,
        message,
        counts.locations,
        counts.variations,
        counts.locationsMapped,
        counts.productsMapped,
        actor?.id ?? null,
      ],
    );
    await recordAudit(tx, {
      actorId: actor?.id ?? null,
      action: outcome.ok ? 'square.sync' : 'square.sync_failed',
      entity: 'square_sync',
      entityId: sync?.id ?? null,
      locationId: null,
      after: { ...counts, message },
    });
    return counts;
  });
}
