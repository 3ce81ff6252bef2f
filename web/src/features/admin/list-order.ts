/** Moves the item at `index` one place up (-1) or down (1); the list is unchanged at either end. */
export function moveItem<T>(items: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1) as [T];
  next.splice(target, 0, item);
  return next;
}

/** True when the two lists hold the same keys in the same order. */
export function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, index) => key === b[index]);
}
