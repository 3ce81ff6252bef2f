import type { BulkApprovalResponse } from '@engine/order-schemas.ts';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { plural } from '@web/lib/display-format.ts';
import { CheckCircle2, XCircle } from 'lucide-react';
import type { Ref } from 'react';

/** What a bulk approval did, order by order: each one is approved or refused on its own. */
export function BulkResults({
  response,
  numbers,
  onDismiss,
  ref,
}: {
  /** The summary takes the focus when the approval's button went away with the orders it approved. */
  ref?: Ref<HTMLDivElement>;
  response: BulkApprovalResponse;
  /** Order id → number, as the orders were shown when they were approved. */
  numbers: ReadonlyMap<number, string>;
  onDismiss: () => void;
}) {
  const failed = response.failed > 0;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      variant={failed ? 'warning' : 'info'}
      live="status"
      className="mb-5 outline-none"
    >
      {failed ? <XCircle aria-hidden /> : <CheckCircle2 aria-hidden />}
      <AlertTitle>
        {plural(response.approved, 'order')} approved
        {failed ? `, ${plural(response.failed, 'order')} not approved` : ''}
      </AlertTitle>
      <AlertDescription>
        <ul className="flex flex-col gap-1" aria-label="Bulk approval results">
          {response.results.map((result) => {
            const number = result.ok
              ? result.order.number
              : (numbers.get(result.orderId) ?? `#${result.orderId}`);
            return (
              <li key={result.orderId} className="flex items-start gap-1.5">
                {result.ok ? (
                  <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                ) : (
                  <XCircle aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
                )}
                <span>
                  <span className="font-medium">{number}</span>
                  {result.ok ? ' approved' : `: ${result.message}`}
                </span>
              </li>
            );
          })}
        </ul>
        <Button variant="link" className="h-auto px-0" onClick={onDismiss}>
          Dismiss
        </Button>
      </AlertDescription>
    </Alert>
  );
}
