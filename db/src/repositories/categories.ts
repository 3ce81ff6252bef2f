import type { Db } from '@db/client.ts';

export async function listCategoryOrder(db: Db): Promise<{ category: string; displayOrder: number }[]> {
  return db.query(
    `SELECT name AS category, display_order AS "displayOrder" FROM categories ORDER BY display_order, name`,
  );
}
