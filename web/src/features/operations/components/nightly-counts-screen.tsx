import type { Product } from '@engine/api-schemas.ts';
import { DAILY_COUNT_CATEGORY } from '@engine/category-order.ts';
import { countCompletedLabel } from '@engine/count-completed-label.ts';
import { OPERATIONS } from '@engine/operations.ts';
import { groupBySubcategory } from '@engine/subcategory-groups.ts';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useCompleteNightlyCount } from '@web/features/operations/api/complete-nightly-count.ts';
import { nightlyCountQueryOptions } from '@web/features/operations/api/nightly-count.ts';
import { useAutosaveStatus } from '@web/features/operations/hooks/use-autosave-status.ts';
import { useCategorySteps } from '@web/features/operations/hooks/use-category-steps.ts';
import { useClock } from '@web/features/operations/hooks/use-clock.ts';
import {
  useEarlierNightlyOutbox,
  useNightlyOutbox,
} from '@web/features/operations/hooks/use-nightly-outbox.ts';
import { useSquareFigures } from '@web/features/operations/hooks/use-square-figures.ts';
import type { CountValue } from '@web/features/operations/model/count-item-view.ts';
import { lastCountedText } from '@web/features/operations/model/last-counted.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { useCategoryOrder } from '@web/lib/shared-reads/category-order.ts';
import { useProducts } from '@web/lib/shared-reads/products.ts';
import { CheckCircle2, MoonStar } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { NightlyRow } from './nightly-row.tsx';
import { OperationFrame } from './operation-frame.tsx';
import { ProductList } from './product-list.tsx';
import { type OperationScreenProps, SHARED_DATA_REFRESH_MS } from './screen-props.ts';
import { NoProductsNote, ScreenLoadError, ScreenLoading } from './screen-states.tsx';
import { SquareNotice } from './square-notice.tsx';

type NightlyProduct = Pick<Product, 'id' | 'name' | 'unit' | 'cafeOrderCategory' | 'orderSubcategory'>;

/** Edits typed on an earlier business date (say, offline last night) are still sent, for their own date. */
function EarlierNightlyDay(props: { locationId: number; userId: number; date: string }) {
  useEarlierNightlyOutbox(props);
  return null;
}

/** Nightly Counts (requirements §2): today's short count of the daily items, beside Square's on-hand figures. */
export function NightlyCountsScreen({ location, userId, onLeave }: OperationScreenProps) {
  const now = useClock();
  const products = useProducts();
  const categoryOrder = useCategoryOrder();
  const nightly = useQuery({
    ...nightlyCountQueryOptions(location.id),
    refetchInterval: SHARED_DATA_REFRESH_MS,
  });
  const square = useSquareFigures(location.id);
  const completeNightly = useCompleteNightlyCount();
  const [busy, setBusy] = useState<string | null>(null);
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
  const groups = useMemo(
    () => groupBySubcategory(listed, categoryOrder.data ?? []),
    [listed, categoryOrder.data],
  );
  const itemsById = useMemo(
    () => new Map((nightly.data?.items ?? []).map((item) => [item.productId, item])),
    [nightly.data],
  );
  const steps = useCategorySteps(1);
  const itemName = useCallback(
    (productId: number) => itemsById.get(productId)?.productName ?? `Product ${productId}`,
    [itemsById],
  );
  const status = useAutosaveStatus(snapshot, itemName);
  const onEdit = useCallback(
    (productId: number, value: CountValue) => queue.record(productId, value),
    [queue],
  );

  if (nightly.isPending || products.isPending || categoryOrder.isPending) {
    return <ScreenLoading label="Loading the nightly count" />;
  }
  if (nightly.isError)
    return <ScreenLoadError what="The nightly count" onRetry={() => void nightly.refetch()} />;

  const data = nightly.data;
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
  const counted = listed.filter((product) => viewOf(product.id).count !== null).length;
  const completedAt = data.nightlyCount?.completedAt ?? null;

  const complete = async () => {
    if (completing.current) return;
    completing.current = true;
    setBusy('Completing count...');
    try {
      if (!(await queue.drain())) {
        toast({
          variant: 'destructive',
          title: 'Not every number is saved yet',
          description: 'The nightly count is completed once every number you typed is on the server.',
        });
        return;
      }
      const result = await completeNightly.mutateAsync({ locationId: location.id, date: data.businessDate });
      toast({ title: 'Nightly count completed', description: `${result.itemsCounted} items counted.` });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Could not complete the nightly count',
        description: errorMessageForPerson(error),
      });
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
      status={status}
      onRetry={() => (snapshot.refused > 0 ? queue.retryRefused() : queue.flushNow())}
      onLeave={onLeave}
      busyText={busy}
      toolbar={
        <div className="flex flex-col gap-3 rounded-[var(--ui-card-radius,var(--radius))] border-[length:var(--ui-border-width,2px)] border-border bg-card p-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-sm">
            <MoonStar aria-hidden className="size-4 text-muted-foreground" />
            <span className="text-muted-foreground">Business date</span>
            <span className="font-medium text-foreground tabular-nums">{data.businessDate}</span>
            {data.businessDate === data.today ? <span className="text-muted-foreground">(today)</span> : null}
          </p>
          {completedAt ? (
            <p className="flex items-center gap-2 text-sm">
              <CheckCircle2 aria-hidden className="size-4 text-success" />
              <span className="font-medium">Nightly count completed</span>
              <span className="text-muted-foreground tabular-nums">
                {countCompletedLabel(completedAt, now)}
              </span>
            </p>
          ) : data.editable ? (
            <Button disabled={busy !== null || counted === 0} onClick={() => void complete()}>
              <CheckCircle2 aria-hidden />
              Complete Nightly Count
            </Button>
          ) : (
            <p className="text-muted-foreground text-sm">This day can no longer be changed.</p>
          )}
        </div>
      }
      notices={<SquareNotice fetching={square.fetching} notice={square.notice} />}
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
          renderRow={(product, focusIndex) => {
            const item = itemsById.get(product.id);
            return (
              <NightlyRow
                productId={product.id}
                name={product.name}
                unit={product.unit}
                view={viewOf(product.id)}
                lastCounted={lastCountedText(item?.countedAt ?? null, item?.countedBy ?? null, now)}
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
    </OperationFrame>
  );
}
