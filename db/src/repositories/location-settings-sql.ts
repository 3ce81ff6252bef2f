import { personNameSql } from './person-name.ts';

/**
 * A product's settings at a location as every product read shows them: the stored row, or the defaults of a
 * product nobody has set anything for there (PAR 0, not locked, active, not backordered). `lp` is the row of
 * location_products (LEFT JOINed), `lu` the user who locked the PAR (LEFT JOINed on lp.par_locked_by). The
 * count screens, Set PARs and Inventory Management read the same columns, so they cannot disagree on a default.
 * `INVENTORY_ITEM_DEFAULTS` (engine/src/compact-inventory.ts) names the same defaults for the compact inventory
 * (decision 057): change them together. `bff/test/read-api.test.ts` holds that an item with nothing set compacts to
 * its product and name alone, which fails as soon as the two disagree.
 */
export function locationSettingsColumnsSql(lp: string, lu: string): string {
  return `COALESCE(${lp}.par, 0) AS par,
            COALESCE(${lp}.par_locked, false) AS "parLocked",
            CASE WHEN ${lp}.par_locked THEN ${personNameSql(lu)} END AS "parLockedBy",
            CASE WHEN ${lp}.par_locked THEN ${lp}.par_locked_at END AS "parLockedAt",
            COALESCE(${lp}.lifecycle, 'active') AS lifecycle,
            COALESCE(${lp}.backordered, false) AS backordered`;
}
