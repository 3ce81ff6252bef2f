import type { Location } from '@engine/api-schemas.ts';
import { sumMoney } from '@engine/cart-totals.ts';
import type { ApprovalOrder, BulkApprovalResponse } from '@engine/order-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { CommentDialog } from '@web/components/ui/comment-dialog.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { LocationFilterSelect } from '@web/components/ui/location-filter-select.tsx';
import { ReadFailed } from '@web/components/ui/read-failed.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useApprovals } from '@web/features/approvals/api/approvals.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { formatMoney, plural } from '@web/lib/display-format.ts';
import { focusWasLost, neighboursOf } from '@web/lib/focus-after-removal.ts';
import { useBulkApprove } from '@web/lib/orders/bulk-approve.ts';
import { useOrderAction } from '@web/lib/orders/order-action.ts';
import { tellWhenAnswered } from '@web/lib/orders/tell-when-answered.ts';
import { CheckCheck, Inbox } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApprovalOrderCard, cardId } from './approval-order-card.tsx';
import { BulkResults } from './bulk-results.tsx';

type Decision = { order: ApprovalOrder; action: 'approve' | 'reject' };

/** Approvals (product.md): the pending orders of the user's cafés, approved or rejected one by one or in bulk. */
export function ApprovalsScreen({
  locations,
  initialLocationId = null,
}: {
  locations: readonly Location[];
  /** The café a link narrowed the list to (the District Ops Tracker's); all of them when null. */
  initialLocationId?: number | null;
}) {
  const [locationId, setLocationId] = useState<number | null>(initialLocationId);
  const approvals = useApprovals(locationId);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [decision, setDecision] = useState<Decision | null>(null);
  const [decisionOpen, setDecisionOpen] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [results, setResults] = useState<{
    response: BulkApprovalResponse;
    numbers: Map<number, string>;
  } | null>(null);

  const orders = approvals.data?.orders ?? [];
  // Only orders still pending count as selected; an order approved elsewhere drops out by itself.
  const chosen = useMemo(() => orders.filter((order) => selected.has(order.id)), [orders, selected]);
  const allChosen = orders.length > 0 && chosen.length === orders.length;
  const decided = decision?.action === 'approve' ? 'approved' : 'rejected';
  const action = useOrderAction({
    done: `Order ${decision?.order.number} ${decided}`,
    failed: `Order ${decision?.order.number} was not ${decided}`,
    order: { number: decision?.order.number ?? '', action: decision?.action },
  });
  const bulk = useBulkApprove({
    done: `The approval of ${plural(chosen.length, 'order')} was sent; any still waiting had changed meanwhile`,
    failed: 'Nothing was approved',
  });

  const toggle = (orderId: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(orderId);
      else next.delete(orderId);
      return next;
    });

  // The decided order's card, its Approve button with it, goes once the list is read again; the focus went with it
  // to the page's body (WCAG 2.4.3). It moves to the next card (the previous after the last, the empty list's
  // heading once none is left), after the dialog has closed so the dialog's own focus return does not undo it.
  const leaving = useRef<{ orderId: number; neighbours: number[] } | null>(null);
  const emptyHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const pending = leaving.current;
    if (!pending || decisionOpen || !approvals.data) return;
    const left = new Set(orders.map((order) => order.id));
    if (left.has(pending.orderId)) return;
    leaving.current = null;
    if (!focusWasLost() && !document.activeElement?.closest('[role="dialog"]')) return;
    const next = pending.neighbours.find((orderId) => left.has(orderId));
    if (next === undefined) emptyHeading.current?.focus();
    else document.getElementById(cardId(next))?.focus();
  }, [orders, decisionOpen, approvals.data]);

  // "Approve selected" went disabled with the orders it approved, and the focus with it to the page's body: it
  // goes to the summary of what was approved (WCAG 2.4.3).
  const resultsBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (results && !bulkOpen && focusWasLost()) resultsBox.current?.focus();
  }, [results, bulkOpen]);

  const decide = (comment: string) => {
    if (!decision) return;
    const { order, action: name } = decision;
    const neighbours = neighboursOf(
      orders.map((one) => one.id),
      order.id,
    );
    tellWhenAnswered(
      action.mutateAsync({ orderId: order.id, action: name, expectedVersion: order.version, comment }),
      {
        close: () => setDecisionOpen(false),
        done: (updated) => {
          leaving.current = { orderId: order.id, neighbours };
          toggle(order.id, false);
          toast({ title: `Order ${updated.number} ${name === 'approve' ? 'approved' : 'rejected'}` });
        },
        order: { number: order.number, action: name },
        failed: `Order ${order.number} was not ${name}d`,
      },
    );
  };

  const approveChosen = (comment: string) => {
    const numbers = new Map(chosen.map((order) => [order.id, order.number]));
    // Told here even if the screen is left first: offline, the action may go long after (decision 094).
    bulk
      .mutateAsync({ orders: chosen.map((order) => ({ id: order.id, version: order.version })), comment })
      .then(
        (response) => {
          setBulkOpen(false);
          setSelected(new Set());
          setResults({ response, numbers });
          toast({
            variant: response.failed > 0 ? 'destructive' : 'default',
            title: `${plural(response.approved, 'order')} approved`,
            description:
              response.failed > 0 ? `${plural(response.failed, 'order')} could not be approved.` : undefined,
          });
        },
        (error) => {
          setBulkOpen(false);
          toast({
            variant: 'destructive',
            title: 'Nothing was approved',
            description: errorMessageForPerson(error, 'Try again in a moment.'),
          });
        },
      );
  };

  return (
    <>
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex min-h-11 items-center gap-2">
            <Checkbox
              id="approvals-select-all"
              checked={allChosen ? true : chosen.length > 0 ? 'indeterminate' : false}
              disabled={orders.length === 0}
              onCheckedChange={(value) =>
                setSelected(value === true ? new Set(orders.map((order) => order.id)) : new Set())
              }
            />
            <Label htmlFor="approvals-select-all">Select all</Label>
          </div>
          <Button disabled={chosen.length === 0 || bulk.isPending} onClick={() => setBulkOpen(true)}>
            <CheckCheck aria-hidden />
            Approve selected ({chosen.length})
          </Button>
        </div>
        <div className="flex flex-col gap-1.5 sm:w-64">
          <Label htmlFor="approvals-location">Location</Label>
          <LocationFilterSelect
            id="approvals-location"
            locations={locations}
            value={locationId}
            onChange={(next) => {
              setLocationId(next);
              setSelected(new Set());
            }}
          />
        </div>
      </div>

      {results ? (
        <BulkResults
          ref={resultsBox}
          response={results.response}
          numbers={results.numbers}
          onDismiss={() => setResults(null)}
        />
      ) : null}

      {approvals.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading pending orders" />
        </div>
      ) : approvals.isError ? (
        <ReadFailed
          title="Pending orders could not load"
          error={approvals.error}
          onRetry={approvals.refetch}
        />
      ) : orders.length === 0 ? (
        <Card className="items-center gap-2 px-6 py-12 text-center shadow-none">
          <span className="mb-2 inline-flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <Inbox aria-hidden className="size-5" />
          </span>
          <h2 ref={emptyHeading} tabIndex={-1} className="text-foreground text-lg outline-none">
            Nothing to approve
          </h2>
          <p className="max-w-md text-pretty text-muted-foreground text-sm">
            Orders your cafés submit show here, oldest first, until someone approves or rejects them.
          </p>
        </Card>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-muted-foreground text-sm" aria-live="polite">
            <span className="font-medium text-foreground">{plural(orders.length, 'order')}</span> waiting ·{' '}
            {formatMoney(sumMoney(orders.map((order) => order.total)))} · oldest first
          </p>
          {orders.map((order) => (
            <ApprovalOrderCard
              key={order.id}
              order={order}
              selected={selected.has(order.id)}
              onSelectedChange={(on) => toggle(order.id, on)}
              busy={action.isPending || bulk.isPending}
              onApprove={() => {
                setDecision({ order, action: 'approve' });
                setDecisionOpen(true);
              }}
              onReject={() => {
                setDecision({ order, action: 'reject' });
                setDecisionOpen(true);
              }}
            />
          ))}
        </div>
      )}

      <CommentDialog
        open={decisionOpen}
        onOpenChange={setDecisionOpen}
        title={
          decision
            ? `${decision.action === 'approve' ? 'Approve' : 'Reject'} order ${decision.order.number}?`
            : ''
        }
        message={
          decision?.action === 'reject'
            ? 'The café sees your reason in the order’s history and can submit a corrected order.'
            : decision
              ? `${decision.order.location.name} · ${formatMoney(decision.order.total)}. It can then be placed with its vendors.`
              : ''
        }
        confirmText={decision?.action === 'reject' ? 'Reject order' : 'Approve order'}
        commentLabel={decision?.action === 'reject' ? 'Reason for rejecting' : 'Comment (optional)'}
        commentRequired={decision?.action === 'reject'}
        requiredMessage="Say why the order is rejected, so the café knows what to change."
        destructive={decision?.action === 'reject'}
        busy={action.isPending}
        onConfirm={decide}
      />
      <CommentDialog
        open={bulkOpen}
        onOpenChange={setBulkOpen}
        title={`Approve ${plural(chosen.length, 'order')}?`}
        message="Each order is approved on its own; any that changed since you opened this page are reported, not approved."
        confirmText={`Approve ${plural(chosen.length, 'order')}`}
        busy={bulk.isPending}
        onConfirm={approveChosen}
      >
        <ul className="max-h-40 overflow-y-auto rounded-md bg-muted px-3 py-2 text-sm">
          {chosen.map((order) => (
            <li key={order.id} className="flex justify-between gap-3 py-0.5">
              <span>
                {order.number} <span className="text-muted-foreground">· {order.location.code}</span>
              </span>
              <span className="tabular-nums">{formatMoney(order.total)}</span>
            </li>
          ))}
        </ul>
      </CommentDialog>
    </>
  );
}
