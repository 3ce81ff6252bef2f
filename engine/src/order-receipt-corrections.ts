import { listedProblem, type ReceiptLine } from './order-receipts.ts';

/**
 * What came in a delivery is corrected after it was received (decision 093): the missing case turns up in the
 * walk-in, or 40 was typed for 4. The line keeps the delivery it came with (its time is the delivery's); only
 * what came changes, so the usage report counts the right quantity from the right day. Lines not received yet
 * are received, not corrected.
 */

/** One line as corrected: what really came. */
export interface CorrectedLine {
  productId: number;
  quantity: number;
}

export type CorrectionPlan<L extends ReceiptLine> =
  | {
      ok: true;
      /** The lines whose recorded quantity changes: what came now, and what was recorded before. */
      change: (L & { receivedQuantity: number; recordedQuantity: number })[];
    }
  | { ok: false; reason: string };

export function planReceiptCorrection<L extends ReceiptLine>(
  lines: readonly L[],
  asked: readonly CorrectedLine[],
): CorrectionPlan<L> {
  const onOrder = new Map(lines.map((line) => [line.productId, line]));
  const problem = listedProblem(asked, onOrder);
  if (problem) return { ok: false, reason: problem };
  const waiting = asked.flatMap(({ productId }) => {
    const line = onOrder.get(productId);
    return line && line.receivedQuantity === null ? [line.productName] : [];
  });
  if (waiting.length > 0) {
    return {
      ok: false,
      reason: `${waiting.join(', ')} ${waiting.length === 1 ? 'has' : 'have'} not been received yet: receive ${waiting.length === 1 ? 'it' : 'them'} with what came instead.`,
    };
  }
  const change = asked.flatMap(({ productId, quantity }) => {
    const line = onOrder.get(productId);
    // A quantity equal to the one recorded is no correction: a retry that landed, or a line left as it was.
    if (!line || line.receivedQuantity === null || line.receivedQuantity === quantity) return [];
    return [{ ...line, receivedQuantity: quantity, recordedQuantity: line.receivedQuantity }];
  });
  return { ok: true, change };
}

function came(quantity: number): string {
  return quantity === 0 ? 'none' : String(quantity);
}

/**
 * What the order's history says of a correction, in the order's line order: "Corrected what came: Skim Milk 2 of
 * 2 (recorded as 1), Half & Half none of 2 (recorded as 2)".
 */
export function correctionSummary(
  lines: readonly (ReceiptLine & { receivedQuantity: number; recordedQuantity: number })[],
): string {
  const each = lines.map(
    (line) =>
      `${line.productName} ${came(line.receivedQuantity)} of ${line.quantity} (recorded as ${came(line.recordedQuantity)})`,
  );
  return `Corrected what came: ${each.join(', ')}`;
}
