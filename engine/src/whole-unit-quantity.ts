/**
 * The quantity to order of a product bought in whole units (decision 022) for an exact need from
 * requirements §5: rounded up to the next whole unit, then held at the product's maximumStockQuantity (itself
 * taken down to a whole unit, so the cap is never exceeded and the order stays whole). A product that can be
 * bought in parts orders the need as it is.
 */
export function orderQuantityForNeed(
  needed: number,
  product: { boughtWhole: boolean; maximumStockQuantity: number | null },
): number {
  if (!product.boughtWhole) return needed;
  // Needs are stored in cents; the tolerance keeps float noise (2.0000000001) from ordering a whole extra unit.
  const whole = Math.max(0, Math.ceil(needed - 1e-9));
  if (product.maximumStockQuantity === null) return whole;
  return Math.min(whole, Math.floor(product.maximumStockQuantity + 1e-9));
}
