/**
 * How many products Count Inventory lists at a café (every product still sold, less those the café has
 * discontinued), as a scalar subquery on the café id expression `locationId`.
 */
export function productsListedSql(locationId: string): string {
  return `((SELECT count(*) FROM products pr WHERE pr.retired_at IS NULL)
             - (SELECT count(*) FROM location_products lp JOIN products pr ON pr.id = lp.product_id
                 WHERE lp.location_id = ${locationId} AND pr.retired_at IS NULL AND lp.lifecycle = 'discontinued'))`;
}

/**
 * The café's latest completed count before `asOf` with how many products it gave a number to, beside how many
 * products Count Inventory listed there when it was completed (decision 113). A count completed before that was
 * kept is judged against the products listed now. A LATERAL body: it yields one row (`completed_at`,
 * `items_counted`, `listed`), with nulls for a café never counted.
 */
export function lastCountProductsSql(locationId: string, asOf: string): string {
  return `
    SELECT lc.completed_at, lc.items_counted, COALESCE(lc.products_listed, ${productsListedSql(locationId)}) AS listed
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (
        SELECT cc.completed_at, cc.items_counted, cc.products_listed FROM count_completions cc
         WHERE cc.location_id = ${locationId} AND cc.completed_at < ${asOf}
         ORDER BY cc.completed_at DESC, cc.id DESC LIMIT 1
      ) lc ON true`;
}

/** The row's figures as the API gives them: null when the café was never counted. */
export function lastCountProducts(
  itemsCounted: number | null | undefined,
  listed: number | string | null | undefined,
): { counted: number; listed: number } | null {
  return itemsCounted === null || itemsCounted === undefined
    ? null
    : { counted: itemsCounted, listed: Number(listed ?? 0) };
}
