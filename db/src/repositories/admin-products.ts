import type { Db } from '@db/client.ts';
import type { AdminProduct, ProductFields } from '@engine/admin-product-schemas.ts';
import { toIsoString, toIsoStringOrNull } from './timestamps.ts';

/** Unique indexes of products, for telling which value a conflicting write repeated. */
export const PRODUCT_NAME_INDEXES: readonly string[] = ['products_name_key', 'products_name_lower_key'];
export const PRODUCT_SKU_INDEXES: readonly string[] = ['products_sku_key', 'products_sku_lower_key'];
export const PRODUCT_BARCODE_INDEXES: readonly string[] = ['products_barcode_key'];

const PRODUCT_COLUMNS = `p.id, p.name, p.sku, p.unit, p.cafe_order_category AS "cafeOrderCategory",
  p.order_subcategory AS "orderSubcategory", p.maximum_stock_quantity AS "maximumStockQuantity",
  p.unit_cost AS "unitCost", p.vendor, p.is_daily_count AS "isDailyCount", p.barcode, p.retired_at AS "retiredAt",
  p.updated_at AS "updatedAt"`;

type ProductRow = Omit<AdminProduct, 'retiredAt' | 'updatedAt'> & { retiredAt: unknown; updatedAt: unknown };

const toProduct = (row: ProductRow): AdminProduct => ({
  ...row,
  retiredAt: toIsoStringOrNull(row.retiredAt),
  updatedAt: toIsoString(row.updatedAt),
});

/** Every product, retired ones included, by name. */
export async function listAdminProducts(db: Db): Promise<AdminProduct[]> {
  const rows = await db.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products p ORDER BY p.name, p.id`);
  return rows.map(toProduct);
}

export async function findAdminProduct(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<AdminProduct | null> {
  const [row] = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row ? toProduct(row) : null;
}

/** The product holding a barcode, compared in its 14-digit GTIN form (the unique index's expression). */
export async function findProductByBarcode(
  db: Db,
  barcode: string,
): Promise<{ id: number; name: string } | null> {
  const [row] = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM products WHERE barcode IS NOT NULL AND lpad(barcode, 14, '0') = lpad($1, 14, '0')`,
    [barcode],
  );
  return row ?? null;
}

export async function insertProduct(db: Db, fields: ProductFields): Promise<AdminProduct> {
  const [created] = await db.query<{ id: number }>(
    `INSERT INTO products (name, sku, unit, cafe_order_category, order_subcategory, maximum_stock_quantity,
                           unit_cost, vendor, is_daily_count, barcode)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      fields.name,
      fields.sku,
      fields.unit,
      fields.cafeOrderCategory,
      fields.orderSubcategory,
      fields.maximumStockQuantity,
      fields.unitCost,
      fields.vendor,
      fields.isDailyCount,
      fields.barcode,
    ],
  );
  const product = created ? await findAdminProduct(db, created.id) : null;
  if (!product) throw new Error('A product inserted a moment ago cannot be read back');
  return product;
}

/**
 * Writes every field of a product (the caller merges a partial edit first) and, when `retired` is given,
 * retires it (keeping the first retirement time) or brings it back.
 */
export async function updateProduct(
  db: Db,
  id: number,
  fields: ProductFields,
  retired?: boolean,
): Promise<AdminProduct> {
  await db.query(
    `UPDATE products
        SET name = $2, sku = $3, unit = $4, cafe_order_category = $5, order_subcategory = $6,
            maximum_stock_quantity = $7, unit_cost = $8, vendor = $9, is_daily_count = $10,
            barcode = $12,
            retired_at = CASE WHEN $11::boolean IS NULL THEN retired_at
                              WHEN $11::boolean THEN COALESCE(retired_at, now())
                              ELSE NULL END,
            updated_at = now()
      WHERE id = $1`,
    [
      id,
      fields.name,
      fields.sku,
      fields.unit,
      fields.cafeOrderCategory,
      fields.orderSubcategory,
      fields.maximumStockQuantity,
      fields.unitCost,
      fields.vendor,
      fields.isDailyCount,
      retired ?? null,
      fields.barcode,
    ],
  );
  const product = await findAdminProduct(db, id);
  if (!product) throw new Error(`Product ${id} vanished inside its own transaction`);
  return product;
}

/**
 * Adds categories products now use but the category order does not know yet, after the last one, so
 * every category has a place on the count screens. Returns the names added.
 */
export async function addMissingCategories(db: Db, names: readonly string[]): Promise<string[]> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return [];
  const rows = await db.query<{ name: string }>(
    `WITH missing AS (
       SELECT n.name, n.position FROM unnest($1::text[]) WITH ORDINALITY AS n(name, position)
        WHERE NOT EXISTS (SELECT 1 FROM categories c WHERE c.name = n.name))
     INSERT INTO categories (name, display_order)
     SELECT m.name, (SELECT COALESCE(max(display_order), 0) FROM categories) + row_number() OVER (ORDER BY m.position)
       FROM missing m
     ON CONFLICT (name) DO NOTHING
     RETURNING name`,
    [unique],
  );
  return rows.map((row) => row.name);
}

/**
 * Each text folded by the database's own lower(), the fold the unique indexes on product names and SKUs
 * use. It differs from JavaScript's toLowerCase() ('ΣΑΣ' is 'σασ' here, 'σας' there), so a plan that
 * matches names by it agrees with what the indexes will accept.
 */
export async function lowerAsDatabase(db: Db, values: readonly string[]): Promise<Map<string, string>> {
  if (values.length === 0) return new Map();
  const rows = await db.query<{ value: string; folded: string }>(
    'SELECT v AS value, lower(v) AS folded FROM unnest($1::text[]) AS v',
    [[...new Set(values)]],
  );
  return new Map(rows.map((row) => [row.value, row.folded]));
}

const RECORD_COLUMNS = `name text, sku text, unit text, "cafeOrderCategory" text, "orderSubcategory" text,
  "maximumStockQuantity" numeric, "unitCost" numeric, vendor text, "isDailyCount" boolean,
  barcode text`;

/** Many new products in one statement (a CSV import); returns their ids in the order given. */
export async function insertProducts(db: Db, products: readonly ProductFields[]): Promise<number[]> {
  if (products.length === 0) return [];
  const rows = await db.query<{ id: number; position: number }>(
    `WITH given AS (
       SELECT r.*, g.position FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS g(item, position),
            jsonb_to_record(g.item) AS r(${RECORD_COLUMNS})),
     inserted AS (
       INSERT INTO products (name, sku, unit, cafe_order_category, order_subcategory, maximum_stock_quantity,
                             unit_cost, vendor, is_daily_count, barcode)
       SELECT name, sku, unit, "cafeOrderCategory", "orderSubcategory", "maximumStockQuantity", "unitCost",
              vendor, "isDailyCount", barcode
         FROM given ORDER BY position
       RETURNING id, name)
     SELECT i.id, g.position::int AS position FROM inserted i JOIN given g ON g.name = i.name ORDER BY g.position`,
    [products.map((product) => ({ ...product }))],
  );
  return rows.map((row) => row.id);
}

/** Overwrites every field of many products in one statement (a CSV import). */
export async function updateProducts(
  db: Db,
  updates: readonly { id: number; product: ProductFields }[],
): Promise<void> {
  if (updates.length === 0) return;
  await db.query(
    `UPDATE products p
        SET name = r.name, sku = r.sku, unit = r.unit, cafe_order_category = r."cafeOrderCategory",
            order_subcategory = r."orderSubcategory", maximum_stock_quantity = r."maximumStockQuantity",
            unit_cost = r."unitCost", vendor = r.vendor, is_daily_count = r."isDailyCount", barcode = r.barcode,
            updated_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS r(id int, ${RECORD_COLUMNS})
      WHERE p.id = r.id`,
    [updates.map(({ id, product }) => ({ id, ...product }))],
  );
}
