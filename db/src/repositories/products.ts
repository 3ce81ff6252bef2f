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

/** Products still sold (not retired), by name. */
export async function listCurrentProducts(db: Db): Promise<ProductRow[]> {
  return db.query<ProductRow>(
    `SELECT id, name, sku, unit, cafe_order_category AS "cafeOrderCategory",
            order_subcategory AS "orderSubcategory", maximum_stock_quantity AS "maximumStockQuantity",
            unit_cost AS "unitCost", vendor, is_daily_count AS "isDailyCount", barcode
       FROM products
      WHERE retired_at IS NULL
      ORDER BY name, id`,
  );
}
