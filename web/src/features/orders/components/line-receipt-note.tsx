import type { OrderLine } from '@engine/order-schemas.ts';
import { formatDateTime, formatQuantity } from '@web/lib/display-format.ts';

/**
 * Under a received line: what came when it differs from what was ordered ("Received 3 of 4"), and, while the
 * order is still arriving (`withTime`), when it came.
 */
export function LineReceiptNote({
  line,
  timeZone,
  withTime,
}: {
  line: OrderLine;
  timeZone: string;
  withTime: boolean;
}) {
  if (line.receivedQuantity === null || line.receivedAt === null) return null;
  const otherwise = line.receivedQuantity !== line.quantity;
  if (!otherwise && !withTime) return null;
  const when = withTime ? formatDateTime(line.receivedAt, timeZone) : null;
  return otherwise ? (
    <span className="block text-warning text-xs">
      Received {formatQuantity(line.receivedQuantity)} of {formatQuantity(line.quantity)}
      {when ? ` · ${when}` : null}
    </span>
  ) : (
    <span className="block text-success text-xs">Received {when}</span>
  );
}
