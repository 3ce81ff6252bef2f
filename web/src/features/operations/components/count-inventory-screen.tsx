import type { InventoryResponse } from '@engine/api-schemas.ts';
import { countCompletedLabel } from '@engine/count-completed-label.ts';
import { checkCountCompletion } from '@engine/count-completion-guard.ts';
import type { StoredCountItem } from '@engine/count-item-edit.ts';
import type { SaveCountItemsResponse } from '@engine/counting-schemas.ts';
import { OPERATIONS } from '@engine/operations.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { mergeCountItems } from '@web/features/operations/api/inventory-cache.ts';
import { refusalTitle } from '@web/features/operations/api/refusal-title.ts';
import { useAutosaveStatus } from '@web/features/operations/hooks/use-autosave-status.ts';
import { useClock } from '@web/features/operations/hooks/use-clock.ts';
import { useOperationCategories } from '@web/features/operations/hooks/use-operation-categories.ts';
import { useProductName } from '@web/features/operations/hooks/use-product-name.ts';
import {
  type CountValue,
  countItemView,
  isCountValue,
} from '@web/features/operations/model/count-item-view.ts';
import { lastCountedText } from '@web/features/operations/model/last-counted.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { adoptEntries, parseOutbox } from '@web/lib/autosave/outbox-state.ts';
import {
  NO_SESSION,
  outboxKey,
  sharedBrowserStore,
  storedSessions,
} from '@web/lib/autosave/outbox-storage.ts';
import { useAutosave } from '@web/lib/autosave/use-autosave.ts';
import { useActiveCountCompletion } from '@web/lib/queries/active-count-completion.ts';
import { useCategoryOrder } from '@web/lib/queries/category-order.ts';
import { useClearCount } from '@web/lib/queries/clear-count.ts';
import { COMPLETE_COUNT_FAILED, useCompleteCount } from '@web/lib/queries/complete-count.ts';
import { inventoryQueryKey, inventoryQueryOptions } from '@web/lib/queries/inventory.ts';
import { useProducts } from '@web/lib/queries/products.ts';
import { saveCountItems } from '@web/lib/queries/save-count-items.ts';
import { useStartCount } from '@web/lib/queries/start-count.ts';
import { AlertTriangle } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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

/** Count Inventory (spec §2, §4, §5): count each item, confirm it, and complete the count. */
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

  // Edits are kept per count session: numbers typed for a count someone has since restarted stay apart.
  const session = inventory.data?.countSession ?? null;
  const sessionKey = session ? String(session.id) : NO_SESSION;
  const store = sharedBrowserStore();
  const scope = useMemo(
    () => ({ userId, locationId: location.id, operation: 'count_inventory' as const }),
    [userId, location.id],
  );
  const key = outboxKey({ ...scope, session: sessionKey });
  const sessionId = session?.id ?? null;
  const { queue, snapshot } = useAutosave<CountValue, SaveCountItemsResponse>(key, isCountValue, {
    send: (entries) =>
      saveCountItems({
        locationId: location.id,
        sessionId,
        items: entries.map((entry) => ({ productId: entry.itemId, ...entry.value, typedAt: entry.typedAt })),
      }),
    onSaved: (result) => mergeCountItems(queryClient, location.id, result.countSession, result.items),
    onBlocked: (failure) => {
      if (failure.kind === 'session_changed') {
        void queryClient.invalidateQueries({ queryKey: inventoryQueryKey(location.id) });
      }
    },
  });

  const itemName = useProductName(products.data);
  const itemsById = useMemo(
    () => new Map((inventory.data?.items ?? []).map((item) => [item.productId, item])),
    [inventory.data],
  );

  // Edits typed before the café had a count session belong to whichever session is open now.
  const [leftoverVersion, setLeftoverVersion] = useState(0);
  useEffect(() => {
    if (!inventory.isSuccess || sessionKey === NO_SESSION) return;
    const noneKey = outboxKey({ ...scope, session: NO_SESSION });
    const early = parseOutbox(store.get(noneKey), isCountValue);
    if (early.entries.length === 0) return;
    store.set(key, JSON.stringify(adoptEntries(parseOutbox(store.get(key), isCountValue), early)));
    store.remove(noneKey);
    queue.reload();
  }, [inventory.isSuccess, sessionKey, scope, store, key, queue]);

  const staleSessions = useMemo(() => {
    void snapshot;
    void leftoverVersion;
    if (!inventory.isSuccess) return [];
    return storedSessions(store, scope).filter((one) => one !== sessionKey && one !== NO_SESSION);
  }, [inventory.isSuccess, store, scope, sessionKey, snapshot, leftoverVersion]);
  const staleLines = useMemo<StaleCountLine[]>(
    () =>
      staleSessions.flatMap((one) =>
        parseOutbox(store.get(outboxKey({ ...scope, session: one })), isCountValue).entries.map((entry) => ({
          productId: entry.itemId,
          name: itemName(entry.itemId),
          count: entry.value.count,
        })),
      ),
    [staleSessions, store, scope, itemName],
  );
  const settleStale = (adopt: boolean) => {
    let target = parseOutbox(store.get(key), isCountValue);
    for (const one of staleSessions) {
      const staleKey = outboxKey({ ...scope, session: one });
      if (adopt) target = adoptEntries(target, parseOutbox(store.get(staleKey), isCountValue));
      store.remove(staleKey);
    }
    if (adopt && target.entries.length > 0) store.set(key, JSON.stringify(target));
    queue.reload();
    setLeftoverVersion((version) => version + 1);
  };

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
      const counted = completed?.itemsCounted ?? check.itemsCounted;
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
      onRetry={() => (snapshot.refused > 0 ? queue.retryRefused() : queue.flushNow())}
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
