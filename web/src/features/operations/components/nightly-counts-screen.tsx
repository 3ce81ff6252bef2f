import type { Product } from '@engine/api-schemas.ts';
import { NIGHTLY_EDITABLE_DAYS } from '@engine/business-date.ts';
import { countCompletedLabel } from '@engine/cafe-time-labels.ts';
import { DAILY_COUNT_CATEGORY } from '@engine/category-order.ts';
import { OPERATIONS } from '@engine/operations.ts';
import { groupBySubcategory } from '@engine/subcategory-groups.ts';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useCompleteNightlyCount } from '@web/features/operations/api/complete-nightly-count.ts';
import { completionRefusalToast } from '@web/features/operations/api/refusal-toast.ts';
import { useCategorySteps } from '@web/features/operations/hooks/use-category-steps.ts';
import { useNightlyDay } from '@web/features/operations/hooks/use-nightly-day.ts';
import {
  useEarlierNightlyOutbox,
  useNightlyOutbox,
} from '@web/features/operations/hooks/use-nightly-outbox.ts';
import { useSquareFigures } from '@web/features/operations/hooks/use-square-figures.ts';
import { useUncountedFilter } from '@web/features/operations/hooks/use-uncounted-filter.ts';
import type { CountValue } from '@web/features/operations/model/count-item-view.ts';
import { itemLookup } from '@web/features/operations/model/item-lookup.ts';
import { lastCountedText } from '@web/features/operations/model/last-counted.ts';
import { countedLate } from '@web/features/operations/model/nightly-late-entry.ts';
import { unsavedNumbersToast } from '@web/features/operations/model/unsaved-numbers.ts';
import { focusWasLost } from '@web/lib/focus-after-removal.ts';
import { refusedOffline } from '@web/lib/offline/refuse-offline.ts';
import { forgetOpenedDay, readOpenedDay } from '@web/lib/opened-day.ts';
import { readStateOf } from '@web/lib/read-state.ts';
import { useAuth } from '@web/lib/shared-reads/auth-user.ts';
import { useCategoryOrder } from '@web/lib/shared-reads/category-order.ts';
import { useProducts } from '@web/lib/shared-reads/products.ts';
import { useClock } from '@web/lib/use-clock.ts';
import { CalendarClock, CheckCircle2, MoonStar } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ConfirmAllButton, ListTools, UncountedOnlyToggle } from './list-tools.tsx';
import { NightlyRow } from './nightly-row.tsx';
import { OperationFrame } from './operation-frame.tsx';
import { ProductList } from './product-list.tsx';
import type { OperationScreenProps } from './screen-props.ts';
import { NoProductsNote, ReadError, ScreenLoading } from './screen-states.tsx';
import { SearchAndScan } from './search-and-scan.tsx';
import { SquareNotice } from './square-notice.tsx';

export const NIGHTLY_READ_FAILED = 'The nightly count could not load';
export const LATE_ENTRY = 'Late entry';
export const NIGHTLY_WITH_GAPS_TITLE = 'Complete the nightly count with gaps?';

type NightlyProduct = Pick<Product, 'id' | 'name' | 'unit' | 'cafeOrderCategory' | 'orderSubcategory'>;

/** Edits typed on an earlier business date (say, offline last night) are still sent, for their own date. */
function EarlierNightlyDay(props: { locationId: number; userId: number; date: string }) {
  useEarlierNightlyOutbox(props);
  return null;
}

/** Nightly Counts (requirements §2): today's short count of the daily items, beside Square's on-hand figures. */
export function NightlyCountsScreen({ location, userId, onLeave }: OperationScreenProps) {
  const now = useClock();
  const { user } = useAuth();
  // Decision 026: managers may open an earlier day to look at or correct it; staff count tonight.
  const mayPickDay = user !== null && user !== undefined && user.role !== 'staff';
  const dateFieldId = useId();
  const dayField = useRef<HTMLInputElement>(null);
  /** null: today at the café (the server decides which day that is). */
  // A District Ops Tracker link to an earlier day opens on that day (opened-day.ts), for those who may pick one.
  const [pickedDate, setPickedDate] = useState<string | null>(() =>
    mayPickDay ? readOpenedDay('nightly_counts') : null,
  );
  useEffect(() => forgetOpenedDay(), []);
  const [focusProduct, setFocusProduct] = useState<number | null>(null);
  const products = useProducts();
  const categoryOrder = useCategoryOrder();
  const { nightly, dayTurned, showToday } = useNightlyDay(location.id, pickedDate);
  const nightlyState = readStateOf(nightly);
  const square = useSquareFigures(location.id);
  const completeNightly = useCompleteNightlyCount();
  const [busy, setBusy] = useState<string | null>(null);
  const [askGaps, setAskGaps] = useState(false);
  const completing = useRef(false);

  const { queue, snapshot, earlierDays } = useNightlyOutbox({
    locationId: location.id,
    userId,
    businessDate: nightly.data?.businessDate ?? null,
  });

  const productsById = useMemo(
    () => new Map((products.data ?? []).map((product) => [product.id, product])),
    [products.data],
  );
  // The server decides which items the night's count holds; the catalogue adds their subcategories.
  const listed = useMemo<NightlyProduct[]>(
    () =>
      (nightly.data?.items ?? []).map((item) => {
        const product = productsById.get(item.productId);
        return {
          id: item.productId,
          name: item.productName,
          unit: item.unit,
          cafeOrderCategory: product?.cafeOrderCategory ?? DAILY_COUNT_CATEGORY,
          orderSubcategory: product?.orderSubcategory ?? null,
        };
      }),
    [nightly.data, productsById],
  );
  const itemsById = useMemo(() => itemLookup(nightly.data?.items ?? []), [nightly.data]);
  const steps = useCategorySteps(1);
  const itemName = useCallback(
    (productId: number) => itemsById.get(productId)?.productName ?? `Product ${productId}`,
    [itemsById],
  );
  const autosave = useMemo(() => ({ outbox: queue, itemName }), [queue, itemName]);
  const onEdit = useCallback(
    (productId: number, value: CountValue) => queue.record(productId, value),
    [queue],
  );
  const viewOf = (productId: number) => {
    const item = itemsById.get(productId);
    const waiting = snapshot.entries.get(productId);
    return {
      count: waiting ? waiting.value.count : (item?.count ?? null),
      confirmed: waiting ? waiting.value.confirmed : (item?.confirmed ?? false),
      squareQuantity: item?.squareQuantity ?? null,
      unsaved: waiting !== undefined,
      refused: waiting?.refused ?? null,
    };
  };
  const uncounted = useUncountedFilter(
    nightly.data?.businessDate ?? '',
    listed,
    (productId) => viewOf(productId).count === null,
  );
  const shown = uncounted.keep(listed);
  const groups = useMemo(
    () => groupBySubcategory(shown, categoryOrder.data ?? []),
    [shown, categoryOrder.data],
  );
  const searchable = useMemo(
    () =>
      listed.map((product) => ({
        ...product,
        sku: productsById.get(product.id)?.sku ?? null,
        barcode: productsById.get(product.id)?.barcode ?? null,
        category: DAILY_COUNT_CATEGORY,
      })),
    [listed, productsById],
  );
  const productFocused = useCallback(() => setFocusProduct(null), []);
  // Complete Nightly Count goes away once the count is completed, and the focus with it to the page's body: it goes
  // to the line that says the count is completed (WCAG 2.4.3).
  const completedLine = useRef<HTMLParagraphElement>(null);
  const completedHere = useRef(false);
  const completedAtNow = nightly.data?.nightlyCount?.completedAt ?? null;
  useEffect(() => {
    if (!completedHere.current || completedAtNow === null) return;
    completedHere.current = false;
    if (focusWasLost()) completedLine.current?.focus();
  }, [completedAtNow]);

  const dayPicker = mayPickDay ? (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={dateFieldId} className="flex min-w-0 items-center gap-2 text-sm">
        <span className="text-muted-foreground">Day</span>
        <Input
          ref={dayField}
          id={dateFieldId}
          type="date"
          className="h-11 w-40 max-w-full"
          max={nightly.data?.today}
          value={pickedDate ?? nightly.data?.businessDate ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setPickedDate(value === '' || value === nightly.data?.today ? null : value);
          }}
        />
      </label>
      {pickedDate !== null ? (
        <Button
          variant="outline"
          className="h-11"
          onClick={() => {
            setPickedDate(null);
            // The button goes once today is shown: the focus goes to the day it chose, not to the page's body.
            dayField.current?.focus();
          }}
        >
          Today
        </Button>
      ) : null}
    </div>
  ) : null;

  if (products.isPending || categoryOrder.isPending || nightlyState === 'loading') {
    return <ScreenLoading label="Loading the nightly count" />;
  }
  if (nightlyState === 'failed' || !nightly.data) {
    return (
      <div className="mx-auto flex max-w-2xl flex-col gap-3">
        <ReadError title={NIGHTLY_READ_FAILED} onRetry={() => void nightly.refetch()} />
        {dayPicker}
      </div>
    );
  }

  const data = nightly.data;
  const late = data.businessDate !== data.today;
  const counted = listed.filter((product) => viewOf(product.id).count !== null).length;
  const waitingConfirmation = listed.filter((product) => {
    const view = viewOf(product.id);
    return view.count !== null && !view.confirmed;
  }).length;
  const confirmAll = () => {
    for (const product of listed) {
      const view = viewOf(product.id);
      if (view.count !== null && !view.confirmed)
        queue.record(product.id, { count: view.count, confirmed: true });
    }
  };
  const completedAt = data.nightlyCount?.completedAt ?? null;

  // The night as the server holds it now, so another phone's numbers since count too; what waits here counts as typed.
  const askOrComplete = async () => {
    if (refusedOffline('Completing the nightly count')) return;
    const fresh = (await nightly.refetch()).data ?? data;
    const stored = itemLookup(fresh.items);
    const countedNow = fresh.items.filter((item) => {
      const waiting = snapshot.entries.get(item.productId);
      return (waiting ? waiting.value.count : (stored.get(item.productId)?.count ?? null)) !== null;
    }).length;
    if (countedNow < fresh.items.length) setAskGaps(true);
    else await complete();
  };

  const complete = async () => {
    if (completing.current || refusedOffline('Completing the nightly count')) return;
    completing.current = true;
    setBusy('Completing count...');
    try {
      if (!(await queue.drain())) {
        toast(
          unsavedNumbersToast(
            queue.getSnapshot().refused,
            'The nightly count is completed once every number you typed is on the server.',
          ),
        );
        return;
      }
      // Set before the answer, which may bring the completed count to the screen before this line runs on.
      completedHere.current = true;
      const result = await completeNightly.mutateAsync({ locationId: location.id, date: data.businessDate });
      toast({
        title: 'Nightly count completed',
        description: `${result.itemsCounted} ${result.itemsCounted === 1 ? 'item' : 'items'} counted.`,
      });
    } catch (error) {
      completedHere.current = false;
      toast(completionRefusalToast(error, 'Could not complete the nightly count'));
    } finally {
      completing.current = false;
      setBusy(null);
    }
  };

  return (
    <OperationFrame
      actionName={OPERATIONS.nightly_counts.name}
      location={location}
      categoryName={DAILY_COUNT_CATEGORY}
      categoryDetail={`${counted} of ${listed.length} counted`}
      autosave={autosave}
      onRetry={() => queue.flushNow()}
      onDismissRefused={() => queue.dismissRefused()}
      onRetryRefused={() => queue.retryRefused()}
      onLeave={onLeave}
      busyText={busy}
      toolbar={
        <div className="flex flex-col gap-3 rounded-[var(--ui-card-radius,var(--radius))] border-[length:var(--ui-border-width,2px)] border-border bg-card p-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            {/* Wraps: with larger browser text '(today)' goes under the date instead of past the screen's edge. */}
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <MoonStar aria-hidden className="size-4 text-muted-foreground" />
              <span className="text-muted-foreground">Business date</span>
              <span
                className="whitespace-nowrap font-medium text-foreground tabular-nums"
                data-testid="business-date"
              >
                {data.businessDate}
              </span>
              {late ? (
                <Badge
                  variant="outline"
                  className="border-warning/60 text-foreground"
                  data-testid="late-entry"
                >
                  <CalendarClock aria-hidden className="size-3" />
                  {LATE_ENTRY}
                </Badge>
              ) : (
                <span className="text-muted-foreground">(today)</span>
              )}
            </p>
            {dayPicker}
          </div>
          {completedAt ? (
            <p ref={completedLine} tabIndex={-1} className="flex items-center gap-2 text-sm outline-none">
              <CheckCircle2 aria-hidden className="size-4 text-success" />
              <span className="font-medium">Nightly count completed</span>
              <span className="text-muted-foreground tabular-nums" data-testid="nightly-completed-at">
                {countCompletedLabel(completedAt, now, location.timezone)}
                {data.nightlyCount?.completedBy ? ` by ${data.nightlyCount.completedBy.name}` : ''}
              </span>
            </p>
          ) : data.editable ? (
            <Button
              disabled={counted === 0}
              // Marked, not disabled, while busy: a disabled button drops the focus to the page's body, and the gaps
              // dialog gives it back to this button once answered (WCAG 2.4.3), as Submit Count does.
              aria-disabled={busy !== null || undefined}
              className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
              // Like Submit Count: a night with daily items left out is completed only on an explicit yes.
              onClick={() => {
                if (busy === null) void askOrComplete();
              }}
            >
              <CheckCircle2 aria-hidden />
              Complete Nightly Count
            </Button>
          ) : (
            <p className="text-muted-foreground text-sm">This day can no longer be changed.</p>
          )}
        </div>
      }
      notices={
        <>
          {dayTurned ? (
            <Alert variant="warning">
              <CalendarClock aria-hidden />
              <AlertTitle>Midnight has passed at the café</AlertTitle>
              <AlertDescription>
                <p>
                  This is still the nightly count of {data.businessDate}: counts typed here are recorded for
                  that night, marked as entered late. Complete it, then go on to {dayTurned}.
                </p>
                <Button variant="outline" size="sm" className="mt-2 text-foreground" onClick={showToday}>
                  Go to {dayTurned}
                </Button>
              </AlertDescription>
            </Alert>
          ) : late ? (
            <Alert variant="warning" live="none">
              <CalendarClock aria-hidden />
              <AlertTitle>
                {LATE_ENTRY}: {data.businessDate}
              </AlertTitle>
              <AlertDescription>
                {data.editable
                  ? `Counts typed here are recorded for ${data.businessDate}, marked as entered late. Days up to ${NIGHTLY_EDITABLE_DAYS} days back can be corrected.`
                  : `Nightly counts are read-only after ${NIGHTLY_EDITABLE_DAYS} days: this day can be looked at, not changed.`}
              </AlertDescription>
            </Alert>
          ) : null}
          {nightly.isError ? (
            <ReadError
              title="The nightly count could not be refreshed"
              message="The numbers shown are from the last successful read."
              onRetry={() => void nightly.refetch()}
            />
          ) : null}
          <SquareNotice fetching={square.fetching} notice={square.notice} />
        </>
      }
      listTools={
        listed.length > 0 ? (
          <ListTools
            search={
              <SearchAndScan
                products={searchable}
                catalogue={products.data}
                onPick={(id) => {
                  uncounted.set(false);
                  setFocusProduct(id);
                }}
              />
            }
          >
            <UncountedOnlyToggle on={uncounted.on} onChange={uncounted.set} />
            {data.editable ? (
              <ConfirmAllButton
                waiting={waitingConfirmation}
                disabled={busy !== null}
                onConfirm={confirmAll}
              />
            ) : null}
          </ListTools>
        ) : null
      }
      stepper={{
        names: [DAILY_COUNT_CATEGORY],
        current: steps.current,
        onChange: steps.go,
        percent: listed.length === 0 ? 0 : (counted / listed.length) * 100,
        percentLabel: 'Daily items counted',
      }}
    >
      {earlierDays.map((date) => (
        <EarlierNightlyDay key={date} locationId={location.id} userId={userId} date={date} />
      ))}
      {listed.length > 0 ? (
        <ProductList
          key={`${location.id}:${data.businessDate}`}
          label={`Products in ${DAILY_COUNT_CATEGORY}`}
          groups={groups}
          estimateRowHeight={77}
          focusProductId={focusProduct}
          onProductFocused={productFocused}
          renderRow={(product, focusIndex) => {
            const item = itemsById.get(product.id);
            return (
              <NightlyRow
                productId={product.id}
                name={product.name}
                unit={product.unit}
                view={viewOf(product.id)}
                lastCounted={`${lastCountedText(item?.countedAt ?? null, item?.countedBy ?? null, now, location.timezone)}${
                  item !== undefined && countedLate(item, data.businessDate, data.timezone)
                    ? ` · ${LATE_ENTRY}`
                    : ''
                }`}
                focusIndex={focusIndex}
                disabled={!data.editable || busy !== null}
                onEdit={onEdit}
                square={square.figureOf(product.id, viewOf(product.id).count)}
              />
            );
          }}
        />
      ) : (
        <NoProductsNote>
          No products are set up for nightly counting. An administrator marks them under Settings → Products.
        </NoProductsNote>
      )}
      <ConfirmDialog
        open={askGaps}
        onOpenChange={setAskGaps}
        title={NIGHTLY_WITH_GAPS_TITLE}
        message={`${counted} of ${listed.length} daily items counted: ${listed.length - counted} not counted. Items without a count show no variance against Square for ${data.businessDate}.`}
        cancelText="Keep counting"
        confirmText="Complete anyway"
        onConfirm={() => void complete()}
      />
    </OperationFrame>
  );
}
