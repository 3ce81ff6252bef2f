/**
 * What changed in a café's shopping list since a screen showed it: another phone or tab edited it between the
 * manager's last look and Submit Order. The order is made from the list as stored, so a difference is named
 * and the order waits for the manager to look again.
 */

export interface ShownLine {
  productId: number;
  quantity: number;
  /** The unit price the screen showed (and its line total was worked from); a client may leave it out. */
  unitCost?: number;
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
  /** Set when the quantity is as shown but the product's price changed since: the order would cost more or less. */
  price?: { shown: number; now: number };
}

/** The lines that differ, in the list's order, then those only the screen had. */
export function cartChanges(
  shown: readonly ShownLine[],
  stored: readonly StoredLine[],
  nameOf: (productId: number) => string = (id) => `Product ${id}`,
): CartLineChange[] {
  const shownOf = new Map(shown.map((line) => [line.productId, line]));
  const changes: CartLineChange[] = [];
  for (const line of stored) {
    const before = shownOf.get(line.productId);
    shownOf.delete(line.productId);
    if (before === undefined)
      changes.push({ productName: line.productName, shown: null, now: line.quantity });
    else if (before.quantity !== line.quantity)
      changes.push({ productName: line.productName, shown: before.quantity, now: line.quantity });
    else if (
      before.unitCost !== undefined &&
      line.unitCost !== undefined &&
      before.unitCost !== line.unitCost
    )
      changes.push({
        productName: line.productName,
        shown: line.quantity,
        now: line.quantity,
        price: { shown: before.unitCost, now: line.unitCost },
      });
  }
  for (const [productId, line] of shownOf) {
    changes.push({ productName: nameOf(productId), shown: line.quantity, now: null });
  }
  return changes;
}

const NAMED = 3;

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

function describe(change: CartLineChange): string {
  if (change.price) {
    const { shown, now } = change.price;
    return `${change.productName} costs ${dollars.format(now)} (${dollars.format(shown)} on this screen)`;
  }
  if (change.shown === null) return `${change.productName} was added (${change.now})`;
  if (change.now === null) return `${change.productName} was removed`;
  return `${change.productName} is ${change.now} (${change.shown} on this screen)`;
}

/** One sentence for the manager: the first few changes, how many more, and what to do. */
export function cartChangedMessage(changes: readonly CartLineChange[]): string {
  const named = changes.slice(0, NAMED).map(describe).join('; ');
  const more = changes.length > NAMED ? ` and ${changes.length - NAMED} more` : '';
  const what = changes.every((change) => change.price)
    ? 'Prices changed since this screen showed them'
    : 'The shopping list changed on another device';
  return `${what}: ${named}${more}. Nothing was ordered; check the list, then submit again.`;
}
