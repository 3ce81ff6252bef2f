import { z } from 'zod';

/**
 * The /orders search: `?order=ID` opens that order's detail over the list, so an order can be linked to. A
 * value that is not an order id is dropped rather than shown as an error: the list still opens.
 */
export const ordersSearchSchema = z.object({
  order: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
});
export type OrdersSearch = z.infer<typeof ordersSearchSchema>;

/** `order` is always answered, `undefined` when not an id: the router lays this over the raw search, which would keep `order=abc`. */
export function parseOrdersSearch(search: Record<string, unknown>): OrdersSearch {
  const { order } = ordersSearchSchema.parse(search);
  return { order };
}
