import { z } from 'zod';

/**
 * What an approver should look at twice (product.md "Approvals"): a line far below or far above what the
 * location ordered of that product last time, or a product the location has never ordered.
 */
export const ORDER_REVIEW_FLAG_CODES = ['first_order', 'under_half', 'over_double'] as const;
export const orderReviewFlagCodeSchema = z.enum(ORDER_REVIEW_FLAG_CODES);
export type OrderReviewFlagCode = z.infer<typeof orderReviewFlagCodeSchema>;

export const orderReviewFlagSchema = z.object({ code: orderReviewFlagCodeSchema, message: z.string() });
export type OrderReviewFlag = z.infer<typeof orderReviewFlagSchema>;

export interface ReviewedLine {
  quantity: number;
  /** The quantity of this product on the location's previous order that was not cancelled or rejected. */
  previousQuantity: number | null;
}

/**
 * Flags for one order line. Exactly half and exactly twice the previous quantity are not flagged: the rule
 * catches "under half" and "over twice". Doubling is exact in binary floating point, so comparing
 * `2 × quantity` with the previous quantity (and the reverse) has no rounding at the boundary.
 */
export function reviewOrderLine(line: ReviewedLine): OrderReviewFlag[] {
  const previous = line.previousQuantity;
  if (previous === null) {
    return [{ code: 'first_order', message: 'Never ordered at this location before' }];
  }
  if (line.quantity * 2 < previous) {
    return [{ code: 'under_half', message: `Less than half of the previous order (${previous})` }];
  }
  if (line.quantity > previous * 2) {
    return [{ code: 'over_double', message: `More than twice the previous order (${previous})` }];
  }
  return [];
}
