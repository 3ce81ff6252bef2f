import type { Db } from '@db/client.ts';
import type { AdminCategory, CategoryOrderChange } from '@engine/admin-category-schemas.ts';

/**
 * Every category: the ordered ones, then any a product uses that was never ordered (older data), after
 * them by name, so the admin list is complete and saving it orders them all.
 */
export async function listAdminCategories(db: Db): Promise<AdminCategory[]> {
  return db.query<AdminCategory>(
    `WITH used AS (
       SELECT cafe_order_category AS name, count(*) FILTER (WHERE retired_at IS NULL)::int AS products
         FROM products GROUP BY cafe_order_category),
     everything AS (
       SELECT c.name, c.display_order FROM categories c
       UNION ALL
       SELECT u.name, NULL FROM used u WHERE NOT EXISTS (SELECT 1 FROM categories c WHERE c.name = u.name))
     SELECT e.name AS category,
            COALESCE(e.display_order,
                     (SELECT COALESCE(max(display_order), 0) FROM categories)
                       + row_number() OVER (PARTITION BY e.display_order IS NULL ORDER BY e.name))::int AS "displayOrder",
            COALESCE(u.products, 0) AS "productCount"
       FROM everything e LEFT JOIN used u ON u.name = e.name
      ORDER BY "displayOrder", category`,
  );
}

/** Holds off other category edits until this transaction ends, so two saves cannot interleave. */
export async function lockCategoryOrder(tx: Db): Promise<void> {
  await tx.query('LOCK TABLE categories IN SHARE ROW EXCLUSIVE MODE');
}

/**
 * Writes a whole new order, renaming categories (and moving their products, retired ones too) in one go;
 * swapping two names works because every row is matched by its old name once. Call inside a transaction.
 */
export async function applyCategoryOrder(tx: Db, changes: readonly CategoryOrderChange[]): Promise<void> {
  const renamed = changes.filter((change) => change.name !== change.category);
  if (renamed.length > 0) {
    await tx.query(
      `UPDATE products p SET cafe_order_category = m.name, updated_at = now()
         FROM unnest($1::text[], $2::text[]) AS m(category, name)
        WHERE p.cafe_order_category = m.category`,
      [renamed.map((change) => change.category), renamed.map((change) => change.name)],
    );
  }
  await tx.query('DELETE FROM categories');
  await tx.query(
    `INSERT INTO categories (name, display_order)
     SELECT * FROM unnest($1::text[], $2::int[])`,
    [changes.map((change) => change.name), changes.map((change) => change.displayOrder)],
  );
}
