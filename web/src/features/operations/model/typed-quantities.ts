import type { CartLine } from '@engine/cart-schemas.ts';

/**
 * How many quantities on the shopping list a person typed and Suggest Orders would replace: lines added by hand,
 * suggestions changed by hand, and quantities typed but not saved yet. Quantities that are exactly what the
 * last suggestion put there are not typing, so suggesting again loses nothing of them.
 */
export function typedQuantityCount(
  lines: readonly Pick<CartLine, 'productId' | 'quantity' | 'suggestedQuantity'>[],
  unsavedProductIds: Iterable<number>,
): number {
  const typed = new Set(unsavedProductIds);
  for (const line of lines) {
    if (line.suggestedQuantity === null || line.quantity !== line.suggestedQuantity)
      typed.add(line.productId);
  }
  return typed.size;
}

export function replaceTypedMessage(count: number): string {
  const what = count === 1 ? '1 quantity you typed' : `${count} quantities you typed`;
  return `Suggest Orders fills the list from PAR minus the count. ${what[0]?.toUpperCase()}${what.slice(1)} will be replaced by the suggestions.`;
}
