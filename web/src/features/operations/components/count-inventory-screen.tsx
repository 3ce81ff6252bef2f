import type { InventoryResponse } from '@engine/api-schemas.ts';
import { countCompletedLabel } from '@engine/count-completed-label.ts';
import { checkCountCompletion } from '@engine/count-completion-guard.ts';
import type { StoredCountItem } from '@engine/count-item-edit.ts';
import { OPERATIONS } from '@engine/operations.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useActiveCountCompletion } from '@web/features/operations/api/active-count-completion.ts';
import { useClearCount } from '@web/features/operations/api/clear-count.ts';
import { COMPLETE_COUNT_FAILED, useCompleteCount } from '@web/features/operations/api/complete-count.ts';
import { refusalTitle } from '@web/features/operations/api/refusal-title.ts';
import { useStartCount } from '@web/features/operations/api/start-count.ts';
import { useAutosaveStatus } from '@web/features/operations/hooks/use-autosave-status.ts';
import { useClock } from '@web/features/operations/hooks/use-clock.ts';
import { useCountOutbox } from '@web/features/operations/hooks/use-count-outbox.ts';
import { useOperationCategories } from '@web/features/operations/hooks/use-operation-categories.ts';
import { useProductName } from '@web/features/operations/hooks/use-product-name.ts';
import { type CountValue, countItemView } from '@web/features/operations/model/count-item-view.ts';
import { lastCountedText } from '@web/features/operations/model/last-counted.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { useCategoryOrder } from '@web/lib/shared-reads/category-order.ts';
import { inventoryQueryKey, inventoryQueryOptions } from '@web/lib/shared-reads/inventory.ts';
import { useProducts } from '@web/lib/shared-reads/products.ts';
import { AlertTriangle } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { CategoryProductList } from './category-product-list.tsx';
import { CountRow } from './count-row.tsx';
import { CountToolbar } from './count-toolbar.tsx';
import { OperationFrame } from './operation-frame.tsx';
import { type OperationScreenProps, SHARED_DATA_REFRESH_MS } from './screen-props.ts';
import { LoadingMoreInventory, NoProductsNote, ScreenLoadError, ScreenLoading } from './screen-states.tsx';
import { type StaleCountLine, StaleCountNotice } from './stale-count-notice.tsx';

const NOT_COUNTED: StoredCountItem = {
  count: null,
  confirmed: false,
  editedAfterConfirm: false,
  typedAt: null,
};

/** Count Inventory (requirements §2, §4, §5): count each item, confirm it, and complete the count. */
export function CountInventoryScreen({ location, userId, onLeave }: OperationScreenProps) {
  const queryClient = useQueryClient();
  const now = useClock();
  const products = useProducts();
  const categoryOrder = useCategoryOrder();
  const inventory = useQuery({
    ...inventoryQueryOptions(location.id),
    refetchInterval: SHARED_DATA_REFRESH_MS,
  });
  const completion = useActiveCountCompletion(location.id);
  const startCount = useStartCount();
  const clearCount = useClearCount();
  const completeCount = useCompleteCount();
  const [busy, setBusy] = useState<string | null>(null);
  const completing = useRef(false);

  const session = inventory.data?.countSession ?? null;
  const { queue, snapshot, staleEntries, settleStale } = useCountOutbox({
    locationId: location.id,
    userId,
    session,
    loaded: inventory.isSuccess,
  });

  const itemName = useProductName(products.data);
  const itemsById = useMemo(
    () => new Map((inventory.data?.items ?? []).map((item) => [item.productId, item])),
    [inventory.data],
  );
  const staleLines = useMemo<StaleCountLine[]>(
    () => staleEntries.map((entry) => ({ ...entry, name: itemName(entry.productId) })),
    [staleEntries, itemName],
  );

  const visibleProducts = useMemo(
    () => (products.data ?? []).filter((product) => itemsById.get(product.id)?.lifecycle !== 'discontinued'),
    [products.data, itemsById],
  );
  const { category, groups, steps, stepper } = useOperationCategories(
    'count_inventory',
    visibleProducts,
    categoryOrder.data,
  );

  const status = useAutosaveStatus(snapshot, itemName);
  const onEdit = useCallback(
    (productId: number, value: CountValue) => queue.record(productId, value),
    [queue],
  );

  const viewOf = (productId: number) => {
    const item = itemsById.get(productId);
    return countItemView(item ?? NOT_COUNTED, snapshot.entries.get(productId));
  };

  const submit = async () => {
    if (completing.current) return;
    completing.current = true;
    setBusy('Completing count...');
    try {
      if (!(await queue.drain())) {
        toast({
          variant: 'destructive',
          title: 'Not every number is saved yet',
          description:
            'Completing the count waits until every number you typed is on the server. Check the connection and try again.',
        });
        return;
      }
      const items = queryClient.getQueryData<InventoryResponse>(inventoryQueryKey(location.id))?.items ?? [];
      const check = checkCountCompletion({ locationId: location.id, items });
      if (!check.ok) {
        toast({ variant: 'destructive', title: check.title, description: check.message });
        return;
      }
      const completed = await completeCount.mutateAsync(location.id);
      const counted = completed.itemsCounted;
      toast({
        title: 'Count Completed',
        description: `${counted} ${counted === 1 ? 'item' : 'items'} counted. The Shopping List can now suggest orders.`,
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: refusalTitle(error) ?? COMPLETE_COUNT_FAILED,
        description: errorMessageForPerson(error, COMPLETE_COUNT_FAILED),
      });
    } finally {
      completing.current = false;
      setBusy(null);
    }
  };

  const start = async () => {
    setBusy('Processing...');
    try {
      queue.discard();
      settleStale(false);
      await startCount.mutateAsync(location.id);
      steps.go(0);
      toast({ title: 'New count started', description: 'All counts and checkboxes were cleared.' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Could not start a new count',
        description: errorMessageForPerson(error),
      });
    } finally {
      setBusy(null);
    }
  };

  const clear = async () => {
    setBusy('Processing...');
    try {
      queue.discard();
      const cleared = await clearCount.mutateAsync({ locationId: location.id, sessionId: session?.id });
      toast({
        title: 'Counts cleared',
        description: `${cleared.itemsCleared} ${cleared.itemsCleared === 1 ? 'count was' : 'counts were'} cleared. The count stays open.`,
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Could not clear the counts',
        description: errorMessageForPerson(error),
      });
    } finally {
      setBusy(null);
    }
  };

  if (products.isPending || categoryOrder.isPending) return <ScreenLoading label="Loading products" />;
  if (products.isError)
    return <ScreenLoadError what="The product list" onRetry={() => void products.refetch()} />;

  const countedHere = category?.products.filter((product) => viewOf(product.id).count !== null).length ?? 0;
  const completedLabel = completion.data ? countCompletedLabel(completion.data.completedAt, now) : null;

  return (
    <OperationFrame
      actionName={OPERATIONS.count_inventory.name}
      location={location}
      categoryName={category?.name ?? null}
      categoryDetail={category ? `${countedHere} of ${category.products.length} counted` : null}
      status={status}
      onRetry={() => queue.flushNow()}
      onDismissRefused={() => queue.dismissRefused()}
      onLeave={onLeave}
      busyText={busy}
      toolbar={
        <CountToolbar
          completedLabel={completedLabel}
          busy={busy !== null || !inventory.isSuccess}
          onStart={() => void start()}
          onSubmit={() => void submit()}
          onClear={() => void clear()}
        />
      }
      notices={
        staleLines.length > 0 || inventory.isError ? (
          <>
            <StaleCountNotice
              lines={staleLines}
              onAdopt={() => settleStale(true)}
              onDiscard={() => settleStale(false)}
            />
            {inventory.isError ? (
              <Alert variant="destructive">
                <AlertTriangle aria-hidden />
                <AlertTitle>This café's counts could not load</AlertTitle>
                <AlertDescription>Check the connection; the screen tries again by itself.</AlertDescription>
              </Alert>
            ) : null}
          </>
        ) : null
      }
      stepper={stepper(
        category ? (countedHere / Math.max(category.products.length, 1)) * 100 : 0,
        'Items counted',
      )}
    >
      {inventory.isPending ? <LoadingMoreInventory /> : null}
      {category ? (
        <CategoryProductList
          key={`${location.id}:${category.name}`}
          categoryName={category.name}
          groups={groups}
          steps={steps}
          renderRow={(product, focusIndex) => {
            const item = itemsById.get(product.id);
            return (
              <CountRow
                product={product}
                view={viewOf(product.id)}
                par={item?.par ?? null}
                lastCounted={lastCountedText(item?.countedAt ?? null, item?.countedBy ?? null, now)}
                focusIndex={focusIndex}
                disabled={!inventory.isSuccess || busy !== null}
                onEdit={onEdit}
              />
            );
          }}
        />
      ) : (
        <NoProductsNote>No products to count yet. An administrator adds them under Settings.</NoProductsNote>
      )}
    </OperationFrame>
  );
}
