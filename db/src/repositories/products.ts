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
 * A version of `listCurrentProducts`' answer read without building it (decisions 043, 052): a token the database
 * replaces in the same transaction as any insert, update (a retirement included), delete or truncate of products
 * (migration 0021), so it changes with every write that can change the list, whichever server instance or command
 * made it; nothing is kept in the process. A write that changes no listed field changes it too — one needless
 * full answer. Read it before the list: a write between the two then costs one more full answer, never a stale
 * list.
 */
export async function currentProductsVersion(db: Db): Promise<string> {
  const [row] = await db.query<{ token: string }>('SELECT token FROM product_list_version');
  return `${LIST_SHAPE}-${row?.token ?? ''}`;
}
