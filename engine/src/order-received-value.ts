import { sumMoney } from './cart-totals.ts';
import { lineMoney } from './line-money.ts';

/**
 * What the deliveries of an order brought in, in money: each received line's received quantity at the unit cost
 * it was ordered at, rounded per line as every order total is (line-money.ts). A short delivery brings in less
 * than the order's total, which is what the invoice will say; null while nothing has been received.
 */
export function receivedValue(
  lines: readonly { receivedQuantity: number | null; unitCost: number }[],
): number | null {
  const received = lines.filter((line) => line.receivedQuantity !== null);
  if (received.length === 0) return null;
  return sumMoney(received.map((line) => lineMoney(line.receivedQuantity ?? 0, line.unitCost)));
}
