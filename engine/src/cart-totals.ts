/**
 * Sums amounts of money that each have at most two decimals, in whole cents, so a long shopping list does
 * not pick up binary floating-point noise (0.1 + 0.2).
 */
export function sumMoney(amounts: readonly number[]): number {
  const cents = amounts.reduce((sum, amount) => sum + Math.round(amount * 100), 0);
  return cents / 100;
}

export interface CartTotals {
  lineCount: number;
  total: number;
}

export function cartTotals(lines: readonly { lineTotal: number }[]): CartTotals {
  return { lineCount: lines.length, total: sumMoney(lines.map((line) => line.lineTotal)) };
}
