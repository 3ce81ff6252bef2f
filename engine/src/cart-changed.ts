/**
 * What changed in a café's shopping list since a screen showed it: another phone or tab edited it between the
 * manager's last look and Submit Order. The order is made from the list as stored, so a difference is named
 * and the order waits for the manager to look again.
 */

export interface ShownLine {
  productId: number;
  quantity: number;
}

export interface StoredLine extends ShownLine {
  productName: string;
}

export interface CartLineChange {
  productName: string;
  /** On the screen; null: not on it. */
  shown: number | null;
  /** On the list now; null: no longer on it. */
  now: number | null;
}

/** The lines that differ, in the list's order, then those only the screen had. */
export function cartChanges(
  shown: readonly ShownLine[],
  stored: readonly StoredLine[],
  nameOf: (productId: number) => string = (id) => `Product ${id}`,
): CartLineChange[] {
  const shownOf = new Map(shown.map((line) => [line.productId, line.quantity]));
  const changes: CartLineChange[] = [];
  for (const line of stored) {
    const before = shownOf.get(line.productId);
    shownOf.delete(line.productId);
    if (before === undefined)
      changes.push({ productName: line.productName, shown: null, now: line.quantity });
    else if (before !== line.quantity)
      changes.push({ productName: line.productName, shown: before, now: line.quantity });
  }
  for (const [productId, quantity] of shownOf) {
    changes.push({ productName: nameOf(productId), shown: quantity, now: null });
  }
  return changes;
}

const NAMED = 3;

function describe(change: CartLineChange): string {
  if (change.shown === null) return `${change.productName} was added (${change.now})`;
  if (change.now === null) return `${change.productName} was removed`;
  return `${change.productName} is ${change.now} (${change.shown} on this screen)`;
}

/** One sentence for the manager: the first few changes, how many more, and what to do. */
export function cartChangedMessage(changes: readonly CartLineChange[]): string {
  const named = changes.slice(0, NAMED).map(describe).join('; ');
  const more = changes.length > NAMED ? ` and ${changes.length - NAMED} more` : '';
  return `The shopping list changed on another device: ${named}${more}. Nothing was ordered; check the list, then submit again.`;
}
