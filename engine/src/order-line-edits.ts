/** A line as the edit rule sees it: which product, how many, and a name to describe the change with. */
export interface EditableOrderLine {
  productId: number;
  productName: string;
  quantity: number;
}

export interface OrderLineEdit {
  productId: number;
  /** 0 removes the line. */
  quantity: number;
}

export type OrderLineEditResult =
  | {
      ok: true;
      /** Every line after the edit, in the order given; removed lines are gone. */
      lines: EditableOrderLine[];
      /** One phrase per line that really changed, e.g. "Oat Milk 4 → 6", "Cups removed". */
      changes: string[];
    }
  | { ok: false; reason: string };

/**
 * Applies quantity edits to a submitted order (Order Management). Only lines already on the order can be
 * changed: adding products is the café's job through a new order. An edit that would leave no line is
 * refused, because an order with nothing on it is a cancellation and should be recorded as one.
 */
export function applyOrderLineEdits(
  current: readonly EditableOrderLine[],
  edits: readonly OrderLineEdit[],
): OrderLineEditResult {
  const wanted = new Map<number, number>();
  for (const edit of edits) wanted.set(edit.productId, edit.quantity);
  const known = new Set(current.map((line) => line.productId));
  const unknown = [...wanted.keys()].filter((productId) => !known.has(productId));
  if (unknown.length > 0) {
    return {
      ok: false,
      reason: `Product ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not on this order; only quantities of its lines can be changed.`,
    };
  }

  const lines: EditableOrderLine[] = [];
  const changes: string[] = [];
  for (const line of current) {
    const quantity = wanted.get(line.productId) ?? line.quantity;
    if (quantity === 0) {
      changes.push(`${line.productName} removed`);
      continue;
    }
    if (quantity !== line.quantity) changes.push(`${line.productName} ${line.quantity} → ${quantity}`);
    lines.push({ ...line, quantity });
  }
  if (lines.length === 0) {
    return { ok: false, reason: 'An order needs at least one line. Cancel the order instead.' };
  }
  return { ok: true, lines, changes };
}
