import type { Db } from '@db/client.ts';

export interface ProductRow {
  id: number;
  name: string;
  sku: string | null;
  unit: string;
  cafeOrderCategory: string;
  orderSubcategory: string | null;
  maximumStockQuantity: number | null;
  unitCost: number;
  vendor: string | null;
  isDailyCount: boolean;
  barcode: string | null;
}

const CURRENT_PRODUCTS_SQL = `SELECT id, name, sku, unit, cafe_order_category AS "cafeOrderCategory",
            order_subcategory AS "orderSubcategory", maximum_stock_quantity AS "maximumStockQuantity",
            unit_cost AS "unitCost", vendor, is_daily_count AS "isDailyCount", barcode
       FROM products
      WHERE retired_at IS NULL
      ORDER BY name, id`;

/** Products still sold (not retired), by name. */
export async function listCurrentProducts(db: Db): Promise<ProductRow[]> {
  return db.query<ProductRow>(CURRENT_PRODUCTS_SQL);
}

// A release that changes the list's columns changes every version, so no browser keeps a list of the old shape.
const LIST_SHAPE = Bun.hash(CURRENT_PRODUCTS_SQL).toString(36);

/**
 * A version of `listCurrentProducts`' answer read without building it (decision 043): the id and `xmin` (the
 * transaction that wrote the row version) of every product still sold, hashed in SQL. Any insert, update (a
 * retirement included) or delete of such a product adds a row version with a newer transaction or removes one,
 * so the version changes with every write that can change the list, whichever server instance made it; nothing
 * is kept in the process. A write that changes no listed field changes it too — one needless full answer.
 * Read it before the list: a write between the two then costs one more full answer, never a stale list.
 */
export async function currentProductsVersion(db: Db): Promise<string> {
  const [row] = await db.query<{ version: string }>(
    `SELECT md5(coalesce(string_agg(id::text || '.' || xmin::text, ',' ORDER BY id), '')) AS version
       FROM products
      WHERE retired_at IS NULL`,
  );
  return `${LIST_SHAPE}-${row?.version ?? ''}`;
}
