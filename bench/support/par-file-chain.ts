import type { Db } from '@db/client.ts';

/**
 * A chain for a PAR file: a district "Bench" with `cafes` cafés (codes B-001…) and `products` products (SKUs
 * BP-0001…), added beside the demo chain, and the file that gives every café a PAR for every product.
 */
export async function addParFileChain(db: Db, cafes: number, products: number): Promise<void> {
  await db.exec(`
    INSERT INTO districts (name) VALUES ('Bench');
    INSERT INTO locations (name, code, district_id)
    SELECT 'Bench café ' || n, 'B-' || lpad(n::text, 3, '0'), (SELECT id FROM districts WHERE name = 'Bench')
      FROM generate_series(1, ${cafes}) AS n;
    INSERT INTO products (name, sku, cafe_order_category)
    SELECT 'Bench product ' || n, 'BP-' || lpad(n::text, 4, '0'), 'Bench' FROM generate_series(1, ${products}) AS n;`);
}

/** The PAR file for `addParFileChain`'s cafés and products, one row each, as `parstock pars import` reads it. */
export function parFile(cafes: number, products: number): string {
  const lines = ['location_code,product,par'];
  for (let c = 1; c <= cafes; c++) {
    for (let p = 1; p <= products; p++)
      lines.push(`B-${String(c).padStart(3, '0')},BP-${String(p).padStart(4, '0')},${(c + p) % 12}`);
  }
  return `${lines.join('\n')}\n`;
}
