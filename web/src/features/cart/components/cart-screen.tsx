import type { Location } from '@engine/api-schemas.ts';
import type { CartLine } from '@engine/cart-schemas.ts';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { ReadFailed } from '@web/components/ui/read-failed.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useCartEdits } from '@web/features/cart/hooks/use-cart-edits.ts';
import { useSubmitCart } from '@web/features/cart/hooks/use-submit-cart.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { useCart, useSaveCartNote } from '@web/lib/cart/cart-api.ts';
import { formatMoney, plural } from '@web/lib/display-format.ts';
import { focusWasLost, neighboursOf } from '@web/lib/focus-after-removal.ts';
import { groupByCategory } from '@web/lib/group-by-category.ts';
import { parseQuantity } from '@web/lib/parse-quantity.ts';
import { useInView } from '@web/lib/use-in-view.ts';
import { useLatestCallback } from '@web/lib/use-latest-callback.ts';
import { Info, Loader2, Send } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CartCategorySection } from './cart-category-section.tsx';
import type { CartLineActions } from './cart-line-row.tsx';
import { CartNote } from './cart-note.tsx';
import { CartSaveStatus } from './cart-save-status.tsx';
import { CartSummaryBar } from './cart-summary-bar.tsx';
import { EmptyCart } from './empty-cart.tsx';
import { SubmittedOrderNotice } from './submitted-order-notice.tsx';

/** A line being removed, and the lines to give the focus to once it is gone: the following ones, then the earlier. */
interface Removal {
  productId: number;
  name: string;
  neighbours: number[];
}

function removalOf(lines: readonly CartLine[], productId: number): Removal | null {
  const at = lines.findIndex((line) => line.productId === productId);
  const line = lines[at];
  if (!line) return null;
  const ids = lines.map((one) => one.productId);
  return { productId, name: line.productName, neighbours: neighboursOf(ids, productId) };
}

function removeButtonOf(productName: string): HTMLElement | null {
  const label = `Remove ${productName}`;
  return (
    [...document.querySelectorAll<HTMLElement>('[data-testid="cart-line"] button[aria-label]')].find(
      (button) => button.getAttribute('aria-label') === label,
    ) ?? null
  );
}

export interface CartScreenProps {
  location: Location;
  /** Whose outbox the typed quantities wait in. */
  userId: number;
  /** submit_orders: change the list and submit it. Without it the cart is shown read-only. */
  canSubmit: boolean;
  canViewOrders: boolean;
  onOpenShoppingList: () => void;
}

/** View Cart (product.md): the location's shopping list by category, editable, with a note and Submit Order. */
export function CartScreen({
  location,
  userId,
  canSubmit,
  canViewOrders,
  onOpenShoppingList,
}: CartScreenProps) {
  const cart = useCart(location.id);
  const autosave = useCartEdits({ userId, locationId: location.id });
  const saveNote = useSaveCartNote(location.id);
  const [note, setNote] = useState('');
  const savedNote = cart.data?.note ?? '';
  const { flush } = autosave;
  // The note is saved as its field is left, which a tap on Submit Order does: the submission waits for that save, or
  // it would land after the order had emptied the list and put the old note back for the next order.
  const noteSave = useRef<Promise<unknown> | null>(null);
  const beforeSubmit = useCallback(async () => {
    await noteSave.current?.catch(() => undefined);
    return flush();
  }, [flush]);
  const submission = useSubmitCart({
    locationId: location.id,
    cartEmpty: cart.data?.lines.length === 0,
    beforeSubmit,
  });
  const groups = useMemo(() => groupByCategory(cart.data?.lines ?? []), [cart.data?.lines]);
  // The lines get handlers that keep their identity for the screen's life, so a keystroke redraws its own line only.
  const shownLines = useRef<readonly CartLine[]>([]);
  shownLines.current = groups.flatMap((group) => group.lines);
  const removal = useRef<Removal | null>(null);
  const begin = useLatestCallback(autosave.begin);
  const change = useLatestCallback(autosave.change);
  // A typed 0 removes its line once the field is left: the focus and the words follow it as for Remove.
  const commit = useLatestCallback((productId: number) => {
    const typed = autosave.drafts[productId];
    const check = typed === undefined ? null : parseQuantity(typed);
    if (check?.ok && check.quantity === 0) removal.current = removalOf(shownLines.current, productId);
    autosave.commit(productId);
  });
  const remove = useLatestCallback((productId: number) => {
    removal.current = removalOf(shownLines.current, productId);
    void autosave.remove(productId).then((saved) => {
      if (!saved && removal.current?.productId === productId) removal.current = null;
    });
  });
  const lineActions = useMemo<CartLineActions>(
    () => ({ begin, change, commit, remove }),
    [begin, change, commit, remove],
  );
  // The removed line's button goes with it, and the focus with it to the page's body (WCAG 2.4.3): it moves to the
  // next line's Remove (the previous one's after the last line, the page's title once the list is empty), and the
  // removal is said, which the line's vanishing does not say to a screen reader.
  const [removedText, setRemovedText] = useState('');
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const pending = removal.current;
    if (!pending) return;
    const shown = new Map(groups.flatMap((group) => group.lines).map((line) => [line.productId, line]));
    if (shown.has(pending.productId)) return;
    removal.current = null;
    setRemovedText(`Removed ${pending.name}`);
    if (!focusWasLost()) return;
    const next = pending.neighbours.map((productId) => shown.get(productId)).find((line) => line);
    const button = next ? removeButtonOf(next.productName) : null;
    if (button) button.focus();
    else title.current?.focus();
  }, [groups]);
  // Submit Order is disabled while it runs, which drops the focus to the page's body: once answered, the focus goes
  // to the notice naming the order, or back to the button when it was not submitted.
  const submitPressed = useRef(false);
  const submitButton = useRef<HTMLButtonElement>(null);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (submission.busy || !submitPressed.current) return;
    submitPressed.current = false;
    if (!focusWasLost()) return;
    (submission.submitted ? notice.current : submitButton.current)?.focus();
  }, [submission.busy, submission.submitted]);
  const readOnly = !canSubmit;
  const [summary, setSummary] = useState<HTMLElement | null>(null);
  const summaryInView = useInView(summary);
  const reviewOrder = () => {
    summary?.scrollIntoView({ block: 'start' });
    summary?.querySelector<HTMLElement>('#cart-summary-title')?.focus({ preventScroll: true });
  };

  const commitNote = () => {
    if (readOnly || note.trim() === savedNote) return;
    const saving = saveNote.mutateAsync(note).catch((error: unknown) =>
      toast({
        variant: 'destructive',
        title: 'The note was not saved',
        description: errorMessageForPerson(error),
      }),
    );
    noteSave.current = saving;
  };

  const header = (
    <div className="mb-6 flex flex-col gap-3 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <p className="mb-1 font-medium text-muted-foreground text-sm">
          {location.name} · {location.code}
        </p>
        <h1
          ref={title}
          tabIndex={-1}
          className="text-2xl text-foreground tracking-tight outline-none sm:text-[1.75rem]"
        >
          View Cart
        </h1>
        <p role="status" className="sr-only">
          {removedText}
        </p>
      </div>
      {readOnly || !cart.data?.lines.length ? null : (
        <CartSaveStatus
          className="self-start sm:self-auto"
          state={autosave.state}
          unsavedCount={autosave.unsavedCount}
        />
      )}
    </div>
  );

  if (cart.isPending) {
    return (
      <>
        {header}
        <div className="flex justify-center py-16">
          <Spinner label="Loading the cart" />
        </div>
      </>
    );
  }
  if (cart.isError) {
    return (
      <>
        {header}
        <ReadFailed title="The cart could not load" error={cart.error} onRetry={cart.refetch} />
      </>
    );
  }

  const { lines, totals } = cart.data;
  const notOrderable = lines.filter((line) => !line.orderable).length;
  const blocked = autosave.invalidCount > 0 || notOrderable > 0;

  return (
    <>
      {header}
      {submission.submitted ? (
        <div
          ref={notice}
          tabIndex={-1}
          className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <SubmittedOrderNotice
            order={submission.submitted}
            recovered={submission.recovered}
            countStarted={submission.countStarted}
            canViewOrders={canViewOrders}
          />
        </div>
      ) : null}
      {readOnly ? (
        <Alert variant="info" live="none" className="mb-6">
          <Info aria-hidden />
          <AlertTitle>Read only</AlertTitle>
          <AlertDescription>
            A manager submits orders. You can see what is on this café’s list; ask your café manager to change
            or submit it.
          </AlertDescription>
        </Alert>
      ) : null}
      {autosave.error ? (
        <Alert variant="destructive" className="mb-6">
          <AlertTitle>Not saved</AlertTitle>
          <AlertDescription>
            <p>{autosave.error}</p>
            {autosave.canDismiss ? (
              <div className="mt-2 flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  className="text-foreground"
                  onClick={autosave.retryRefused}
                >
                  Send again
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  className="text-foreground"
                  onClick={autosave.dismissRefused}
                >
                  Dismiss
                </Button>
              </div>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}

      {lines.length === 0 ? (
        submission.submitted ? null : submission.checking ? (
          // The list may be empty because the last submission from this page became an order: say which first.
          <div className="flex justify-center py-16">
            <Spinner label="Looking for the order submitted from this page" />
          </div>
        ) : (
          <EmptyCart canBuildList={canSubmit} onOpenShoppingList={onOpenShoppingList} />
        )
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="flex min-w-0 flex-col gap-4">
            {groups.map((group) => (
              <CartCategorySection
                key={group.category}
                group={group}
                drafts={autosave.drafts}
                readOnly={readOnly}
                actions={lineActions}
              />
            ))}
          </div>
          <Card
            ref={setSummary}
            className="scroll-mt-20 gap-4 px-4 lg:sticky lg:top-20"
            aria-labelledby="cart-summary-title"
            role="region"
          >
            <h2 id="cart-summary-title" tabIndex={-1} className="font-semibold text-base outline-none">
              Order summary
            </h2>
            <dl className="flex flex-col gap-2 text-sm">
              {groups.map((group) => (
                <div key={group.category} className="flex justify-between gap-3">
                  <dt className="text-muted-foreground">{group.category}</dt>
                  <dd className="tabular-nums">{formatMoney(group.subtotal)}</dd>
                </div>
              ))}
              <div className="mt-1 flex items-baseline justify-between gap-3 border-border border-t pt-3">
                <dt className="font-semibold">
                  Total{' '}
                  <span className="font-normal text-muted-foreground">
                    ({plural(totals.lineCount, 'line')})
                  </span>
                </dt>
                <dd className="font-semibold text-lg tabular-nums" data-testid="cart-total">
                  {formatMoney(totals.total)}
                </dd>
              </div>
            </dl>
            <CartNote
              savedNote={savedNote}
              value={note}
              onValueChange={setNote}
              onCommit={commitNote}
              readOnly={readOnly}
            />
            {readOnly ? null : (
              <>
                {autosave.invalidCount > 0 ? (
                  <p className="text-destructive text-sm" role="alert">
                    Fix the highlighted {autosave.invalidCount === 1 ? 'quantity' : 'quantities'} before
                    submitting.
                  </p>
                ) : null}
                {notOrderable > 0 ? (
                  <p className="text-destructive text-sm" role="alert">
                    Remove the {notOrderable === 1 ? 'line' : `${notOrderable} lines`} no longer ordered here
                    before submitting.
                  </p>
                ) : null}
                <Button
                  ref={submitButton}
                  size="lg"
                  className="w-full"
                  disabled={submission.busy || blocked}
                  aria-disabled={submission.busy || blocked}
                  onClick={() => {
                    submitPressed.current = true;
                    void submission.submit(note);
                  }}
                >
                  {submission.busy ? <Loader2 aria-hidden className="animate-spin" /> : <Send aria-hidden />}
                  {submission.busy ? 'Submitting...' : 'Submit Order'}
                </Button>
              </>
            )}
          </Card>
          {summaryInView ? null : (
            <CartSummaryBar total={totals.total} lineCount={totals.lineCount} onReview={reviewOrder} />
          )}
        </div>
      )}
    </>
  );
}
