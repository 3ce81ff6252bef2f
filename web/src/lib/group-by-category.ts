import { sumMoney } from '@engine/cart-totals.ts';

export interface CategoryGroup<L> {
  category: string;
  lines: L[];
  /** Sum of the lines' totals, in cents by the engine's money rule. */
  subtotal: number;
}

/**
 * Cart and order lines arrive ordered by category display order, then name (the server's order); this only
 * cuts the list where the category changes and adds each category's subtotal.
 */
export function groupByCategory<L extends { category: string; lineTotal: number }>(
  lines: readonly L[],
): CategoryGroup<L>[] {
  const groups: CategoryGroup<L>[] = [];
  for (const line of lines) {
    const last = groups.at(-1);
    if (last && last.category === line.category) last.lines.push(line);
    else groups.push({ category: line.category, lines: [line], subtotal: 0 });
  }
  for (const group of groups) group.subtotal = sumMoney(group.lines.map((line) => line.lineTotal));
  return groups;
}
