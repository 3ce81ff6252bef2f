import type { Db } from '@db/client.ts';
import { squareVariationLabel } from '@engine/square-matching.ts';
import { DEFAULT_VARIANCE_THRESHOLD, type SquareOverview, type SquareSync } from '@engine/square-schemas.ts';
import { personNameSql } from './person-name.ts';
import { readSetting } from './settings.ts';
import { toIsoString } from './timestamps.ts';

export const VARIANCE_THRESHOLD_SETTING = 'square_variance_threshold';

type Mappings = Omit<SquareOverview, 'connection'>;

/** The variance beyond which Nightly Counts mark a row; the default until an administrator sets one. */
export async function readVarianceThreshold(db: Db): Promise<number> {
  const value = await readSetting(db, VARIANCE_THRESHOLD_SETTING);
  const stored = value && typeof value === 'object' ? (value as { value?: unknown }).value : undefined;
  return typeof stored === 'number' && Number.isFinite(stored) ? stored : DEFAULT_VARIANCE_THRESHOLD;
}

interface SyncRow {
  finishedAt: Date;
  ok: boolean;
  message: string | null;
  locations: number;
  variations: number;
  locationsMapped: number;
  productsMapped: number;
  syncedBy: string | null;
}

export async function findLastSquareSync(db: Db): Promise<SquareSync | null> {
  const [row] = await db.query<SyncRow>(
    `SELECT s.finished_at AS "finishedAt", s.ok, s.message, s.locations, s.variations,
            s.locations_mapped AS "locationsMapped", s.products_mapped AS "productsMapped",
            CASE WHEN u.id IS NULL THEN NULL ELSE ${personNameSql('u')} END AS "syncedBy"
       FROM square_syncs s LEFT JOIN users u ON u.id = s.synced_by
      ORDER BY s.finished_at DESC, s.id DESC LIMIT 1`,
  );
  return row ? { ...row, finishedAt: toIsoString(row.finishedAt) } : null;
}

/** Everything /admin/square shows but the connection: mappings both ways, what Square listed, last sync. */
export async function readSquareMappings(db: Db): Promise<Mappings> {
  const [locations, squareLocations, products, variations, lastSync, varianceThreshold] = await Promise.all([
    db.query<Mappings['locations'][number]>(
      `SELECT l.id AS "locationId", l.code, l.name, l.active, l.square_location_id AS "squareLocationId",
              sl.name AS "squareLocationName", l.square_mapped_by AS "mappedBy"
         FROM locations l LEFT JOIN square_locations sl ON sl.id = l.square_location_id
        ORDER BY l.code`,
    ),
    db.query<Mappings['squareLocations'][number]>(
      `SELECT sl.id, sl.name, sl.status, l.id AS "locationId"
         FROM square_locations sl LEFT JOIN locations l ON l.square_location_id = sl.id
        ORDER BY sl.name, sl.id`,
    ),
    db.query<
      Omit<Mappings['products'][number], 'squareVariationName'> & {
        itemName: string | null;
        variationName: string | null;
      }
    >(
      `SELECT p.id AS "productId", p.name, p.sku, p.is_daily_count AS "isDailyCount",
              p.square_variation_id AS "squareVariationId", p.square_mapped_by AS "mappedBy",
              v.item_name AS "itemName", v.variation_name AS "variationName"
         FROM products p LEFT JOIN square_variations v ON v.id = p.square_variation_id
        WHERE p.retired_at IS NULL
        ORDER BY p.name, p.id`,
    ),
    db.query<Mappings['unmatchedVariations'][number]>(
      `SELECT v.id, v.item_name AS "itemName", v.variation_name AS "variationName", v.sku
         FROM square_variations v
        WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.square_variation_id = v.id)
        ORDER BY v.item_name, v.variation_name, v.id`,
    ),
    findLastSquareSync(db),
    readVarianceThreshold(db),
  ]);
  return {
    lastSync,
    varianceThreshold,
    locations,
    squareLocations,
    products: products.map(({ itemName, variationName, ...product }) => ({
      ...product,
      squareVariationName:
        itemName === null ? null : squareVariationLabel({ itemName, variationName: variationName ?? '' }),
    })),
    unmatchedVariations: variations,
  };
}

export interface SquareDailyProducts {
  squareLocationId: string | null;
  products: { productId: number; squareVariationId: string | null }[];
}

/**
 * A café's Square location and its daily-count products with their Square variations, each only while Square still
 * lists it (its last sync): a pairing to a location or an item since deleted in Square has no figure, where asking
 * Square about it would answer nothing and a missing count reads as 0 on hand.
 */
export async function listSquareDailyProducts(db: Db, locationId: number): Promise<SquareDailyProducts> {
  const [location] = await db.query<{ squareLocationId: string | null }>(
    `SELECT sl.id AS "squareLocationId"
       FROM locations l LEFT JOIN square_locations sl ON sl.id = l.square_location_id
      WHERE l.id = $1`,
    [locationId],
  );
  const products = await db.query<SquareDailyProducts['products'][number]>(
    `SELECT p.id AS "productId", sv.id AS "squareVariationId"
       FROM products p
       LEFT JOIN square_variations sv ON sv.id = p.square_variation_id
       LEFT JOIN location_products lp ON lp.product_id = p.id AND lp.location_id = $1
      WHERE p.is_daily_count AND p.retired_at IS NULL AND COALESCE(lp.lifecycle, 'active') <> 'discontinued'
      ORDER BY p.name, p.id`,
    [locationId],
  );
  return { squareLocationId: location?.squareLocationId ?? null, products };
}
