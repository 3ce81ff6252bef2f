import type { InventoryResponse, Product } from '@engine/api-schemas.ts';
import { countCompletedLabel } from '@engine/cafe-time-labels.ts';
import { hasConfirmedCount } from '@engine/cart-suggestions.ts';
import { checkCountCompletion, itemInCategory } from '@engine/count-completion-guard.ts';
import { type CountGaps, countGapsByCategory } from '@engine/count-completion-summary.ts';
import type { StoredCountItem } from '@engine/count-item-edit.ts';
import { OPERATIONS } from '@engine/operations.ts';
import { groupBySubcategory } from '@engine/subcategory-groups.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast.ts';
import {
  activeCountCompletionQueryKey,
  FETCH_COUNT_COMPLETION_FAILED,
  useActiveCountCompletion,
} from '@web/features/operations/api/active-count-completion.ts';
import { useClearCount } from '@web/features/operations/api/clear-count.ts';
import { COMPLETE_COUNT_FAILED, useCompleteCount } from '@web/features/operations/api/complete-count.ts';
import { confirmCountItems } from '@web/features/operations/api/confirm-count-items.ts';
import { mergeCountItems } from '@web/features/operations/api/inventory-cache.ts';
import { completionRefusalToast } from '@web/features/operations/api/refusal-toast.ts';
import { useStartCount } from '@web/features/operations/api/start-count.ts';
import { useCategorySearch } from '@web/features/operations/hooks/use-category-search.ts';
import { useCountOutbox } from '@web/features/operations/hooks/use-count-outbox.ts';
import { useOperationCategories } from '@web/features/operations/hooks/use-operation-categories.ts';
import { useProductName } from '@web/features/operations/hooks/use-product-name.ts';
import { useUncountedFilter } from '@web/features/operations/hooks/use-uncounted-filter.ts';
import {
  countFiguresWithEdits,
  storedCountFigures,
} from '@web/features/operations/model/category-count-figures.ts';
import { type CountValue, countItemView } from '@web/features/operations/model/count-item-view.ts';
import { discontinuedKey } from '@web/features/operations/model/discontinued-key.ts';
import { itemLookup } from '@web/features/operations/model/item-lookup.ts';
import { lastCountedText } from '@web/features/operations/model/last-counted.ts';
import { latestServerTime } from '@web/features/operations/model/latest-server-time.ts';
import { unsavedNumbersToast } from '@web/features/operations/model/unsaved-numbers.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { useAutosaveSelection } from '@web/lib/autosave/use-autosave-selection.ts';
import { refusedOffline } from '@web/lib/offline/refuse-offline.ts';
import { readStateOf } from '@web/lib/read-state.ts';
import { useCategoryOrder } from '@web/lib/shared-reads/category-order.ts';
import { inventoryQueryKey, inventoryQueryOptions } from '@web/lib/shared-reads/inventory.ts';
import { useProducts } from '@web/lib/shared-reads/products.ts';
import { useClock } from '@web/lib/use-clock.ts';
import { useLatestCallback } from '@web/lib/use-latest-callback.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CategoryProductList } from './category-product-list.tsx';
import { CompleteCountDialog } from './complete-count-dialog.tsx';
import { CountedOfCategory, type CountFiguresSource, LiveConfirmAllButton } from './count-figures.tsx';
import { LiveCountRow } from './count-row.tsx';
import { type CountStatusView, CountToolbar } from './count-toolbar.tsx';
import { ListTools, UncountedOnlyToggle } from './list-tools.tsx';
import { OperationFrame } from './operation-frame.tsx';
import { type OperationScreenProps, SHARED_DATA_REFRESH_MS } from './screen-props.ts';
import {
  LoadingMoreInventory,
  NoProductsNote,
  ReadError,
  ScreenLoadError,
  ScreenLoading,
} from './screen-states.tsx';
import { SearchAndScan } from './search-and-scan.tsx';
import { newCountTitle, type StaleCountLine, StaleCountNotice } from './stale-count-notice.tsx';

/** Shown when this café's inventory could not be read: no count, PAR or status is shown in its place. */
export const INVENTORY_READ_FAILED = "This café's counts could not load";

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

  const inventoryState = readStateOf(inventory);
  const completionState = readStateOf(completion);
  const loaded = inventory.isSuccess;
  const session = inventory.data?.countSession ?? null;
  // Decision 021: a save into a completed count reopens it on the server; the screen says so at once. It is said of
  // that count only: once the café has another (an order or another phone started one), the words no longer hold.
  const [reopenedCount, setReopenedCount] = useState<number | null>(null);
  const reopened = reopenedCount !== null && reopenedCount === session?.id;
  const setReopened = useCallback(
    (yes: boolean) => setReopenedCount(yes ? (session?.id ?? null) : null),
    [session?.id],
  );
  // Another count at the café: its completion (none yet, as a rule) is read now, not at the next poll.
  const shownCount = useRef(session?.id);
  useEffect(() => {
    if (shownCount.current !== undefined && shownCount.current !== session?.id) {
      void queryClient.invalidateQueries({ queryKey: activeCountCompletionQueryKey(location.id) });
    }
    shownCount.current = session?.id;
  }, [session?.id, queryClient, location.id]);
  const { queue, staleEntries, settleStale } = useCountOutbox({
    locationId: location.id,
    userId,
    session,
    loaded,
    onSaved: (result) => {
      if (result.applied.length === 0) return;
      if (!queryClient.getQueryData(activeCountCompletionQueryKey(location.id))) return;
      setReopened(true);
      void queryClient.invalidateQueries({ queryKey: activeCountCompletionQueryKey(location.id) });
    },
  });
  const [gaps, setGaps] = useState<CountGaps | null>(null);

  const itemName = useProductName(products.data);
  const itemsById = useMemo(() => itemLookup(inventory.data?.items ?? []), [inventory.data]);
  const staleLines = useMemo<StaleCountLine[]>(
    () => staleEntries.map((entry) => ({ ...entry, name: itemName(entry.productId) })),
    [staleEntries, itemName],
  );

  // Saves replace the inventory on every answer; the categories, their groups and the search list follow only
  // a change of which products are discontinued, so a save does not regroup 20,000 products.
  const discontinued = useMemo(() => discontinuedKey(inventory.data?.items), [inventory.data]);
  const visibleProducts = useMemo(() => {
    const hidden = new Set(discontinued ? discontinued.split(',').map(Number) : []);
    return (products.data ?? []).filter((product) => !hidden.has(product.id));
  }, [products.data, discontinued]);
  const { categories, category, groups, steps, stepper } = useOperationCategories(
    'count_inventory',
    visibleProducts,
    categoryOrder.data,
  );

  // What is typed here from now on is later than every change the screen shows (a clear, a confirmation, another
  // phone's number), even on a phone whose clock runs slow.
  const inventoryAnswer = inventory.data;
  useEffect(() => queue.raiseTypingFloor(latestServerTime(inventoryAnswer)), [inventoryAnswer, queue]);
  const autosave = useMemo(() => ({ outbox: queue, itemName }), [queue, itemName]);
  const onEdit = useCallback(
    (productId: number, value: CountValue) => queue.record(productId, value),
    [queue],
  );

  const uncounted = useUncountedFilter(
    category?.name ?? '',
    category?.products ?? [],
    (productId) =>
      countItemView(itemsById.get(productId) ?? NOT_COUNTED, queue.getSnapshot().entries.get(productId))
        .count === null,
  );
  const shownGroups = useMemo(
    () =>
      uncounted.on
        ? groupBySubcategory(uncounted.keep(category?.products ?? []), categoryOrder.data ?? [])
        : groups,
    [uncounted.on, uncounted.keep, category, groups, categoryOrder.data],
  );
  const storedOf = useCallback((productId: number) => itemsById.get(productId) ?? NOT_COUNTED, [itemsById]);
  const categoryIds = useMemo(() => new Set(category?.products.map((product) => product.id)), [category]);
  const storedFigures = useMemo(() => storedCountFigures(categoryIds, storedOf), [categoryIds, storedOf]);
  // Per keystroke: the stored figures plus the edits waiting, never a walk over the category; the parts that
  // show them follow the outbox themselves, so typing does not render the screen.
  const figures = useMemo<CountFiguresSource>(
    () => ({ outbox: queue, stored: storedFigures, inCategory: categoryIds, storedOf }),
    [queue, storedFigures, categoryIds, storedOf],
  );
  // The percent bar shows only while there is at most one category; then the screen follows the count too.
  const singleCategory = categories.length <= 1;
  const countedForBar = useAutosaveSelection(queue, (snapshot) =>
    singleCategory
      ? countFiguresWithEdits(storedFigures, categoryIds, snapshot.entries, storedOf).counted
      : 0,
  );
  const { searchable, jumpToProduct } = useCategorySearch(categories, steps.jumpTo, () =>
    uncounted.set(false),
  );

  /** What the server stored for the café, as the last read and save answers left it in the cache. */
  const storedItems = () =>
    queryClient.getQueryData<InventoryResponse>(inventoryQueryKey(location.id))?.items ?? [];

  const submit = async () => {
    if (completing.current || refusedOffline('Submitting the count')) return;
    completing.current = true;
    setBusy('Completing count...');
    try {
      if (!(await queue.drain())) {
        toast(
          unsavedNumbersToast(
            queue.getSnapshot().refused,
            'Completing the count waits until every number you typed is on the server.',
          ),
        );
        return;
      }
      // The café's count as the server holds it now: other phones' numbers since this page last read it count too.
      await inventory.refetch();
      const items = storedItems();
      const category = new Map(
        (products.data ?? []).map((product) => [product.id, product.cafeOrderCategory]),
      );
      const named = items.map((item) => ({
        ...item,
        name: itemInCategory(itemName(item.productId), category.get(item.productId) ?? 'no category'),
      }));
      const check = checkCountCompletion({ locationId: location.id, items: named });
      if (!check.ok) {
        toast({ variant: 'destructive', title: check.title, description: check.message });
        return;
      }
      // Products left out are shown, by category, and completing them out takes an explicit yes.
      const stored = new Map(items.map((item) => [item.productId, item]));
      const found = countGapsByCategory(categories, (productId) => stored.get(productId));
      if (found.uncounted + found.unconfirmed > 0) {
        setGaps(found);
        return;
      }
      await finishCompletion();
    } catch (error) {
      toast(completionRefusalToast(error, COMPLETE_COUNT_FAILED, COMPLETE_COUNT_FAILED));
    } finally {
      completing.current = false;
      setBusy(null);
    }
  };

  const finishCompletion = async () => {
    const completed = await completeCount.mutateAsync(location.id);
    setReopened(false);
    const counted = `${completed.itemsCounted} ${completed.itemsCounted === 1 ? 'item' : 'items'} counted`;
    toast({
      title: 'Count Completed',
      // Suggest Orders uses confirmed counts only: a count with none would suggest nothing.
      description: hasConfirmedCount(storedItems())
        ? `${counted}. The Shopping List can now suggest orders.`
        : `${counted}, none confirmed: the Shopping List suggests orders only from confirmed counts.`,
    });
  };

  const completeWithGaps = async () => {
    setGaps(null);
    if (completing.current || refusedOffline('Submitting the count')) return;
    completing.current = true;
    setBusy('Completing count...');
    try {
      await finishCompletion();
    } catch (error) {
      toast(completionRefusalToast(error, COMPLETE_COUNT_FAILED, COMPLETE_COUNT_FAILED));
    } finally {
      completing.current = false;
      setBusy(null);
    }
  };

  const start = async () => {
    if (refusedOffline('Starting a new count')) return;
    setBusy('Processing...');
    try {
      queue.discard();
      settleStale(false);
      // The count this screen shows: one started meanwhile on another phone is not wiped by this press.
      const replacing =
        queryClient.getQueryData<InventoryResponse>(inventoryQueryKey(location.id))?.countSession?.id ?? null;
      await startCount.mutateAsync({ locationId: location.id, replacing });
      setReopened(false);
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
    if (refusedOffline('Clearing the counts')) return;
    setBusy('Processing...');
    try {
      queue.discard();
      const cleared = await clearCount.mutateAsync({ locationId: location.id, sessionId: session?.id });
      queue.raiseTypingFloor(cleared.countSession?.clearedAt);
      toast({
        title: 'Counts cleared',
        description: `${cleared.itemsCleared} ${cleared.itemsCleared === 1 ? 'count was' : 'counts were'} cleared. The count stays open.`,
      });
    } catch (error) {
      toast(completionRefusalToast(error, 'Could not clear the counts'));
    } finally {
      setBusy(null);
    }
  };

  const confirmAll = async () => {
    if (!category || refusedOffline('Confirming the category')) return;
    setBusy('Processing...');
    try {
      if (!(await queue.drain())) {
        toast(
          unsavedNumbersToast(
            queue.getSnapshot().refused,
            'Confirming waits until every number you typed is on the server.',
          ),
        );
        return;
      }
      const open = queryClient.getQueryData<InventoryResponse>(inventoryQueryKey(location.id))?.countSession;
      if (!open) return;
      const answer = await confirmCountItems({
        locationId: location.id,
        sessionId: open.id,
        productIds: category.products.map((product) => product.id),
      });
      queue.raiseTypingFloor(latestServerTime({ countSession: null, items: answer.items }));
      mergeCountItems(queryClient, location.id, open, answer.items);
      if (
        answer.confirmed.length > 0 &&
        queryClient.getQueryData(activeCountCompletionQueryKey(location.id))
      ) {
        setReopened(true);
        void queryClient.invalidateQueries({ queryKey: activeCountCompletionQueryKey(location.id) });
      }
      const confirmed = answer.confirmed.length;
      toast({
        title: `${confirmed} ${confirmed === 1 ? 'count' : 'counts'} confirmed`,
        description: `Every counted product in ${category.name} is confirmed.`,
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Could not confirm the counts',
        description: errorMessageForPerson(error),
      });
    } finally {
      setBusy(null);
    }
  };

  // The toolbar and the search box are the same elements while the person types, as the list below is: a
  // keystroke renders the screen around them (the figures, the pill), not their icons and dialogs.
  const retryCompletion = useLatestCallback(() => void completion.refetch());
  const completedAt = completion.data?.completedAt ?? null;
  const countStatus = useMemo<CountStatusView>(
    () =>
      completionState === 'failed'
        ? { kind: 'failed', message: FETCH_COUNT_COMPLETION_FAILED, onRetry: retryCompletion }
        : completionState === 'loading'
          ? { kind: 'checking' }
          : completedAt
            ? { kind: 'completed', label: countCompletedLabel(completedAt, now, location.timezone) ?? '' }
            : reopened
              ? { kind: 'reopened' }
              : { kind: 'in_progress' },
    [completionState, completedAt, now, reopened, retryCompletion, location.timezone],
  );
  const onStart = useLatestCallback(() => void start());
  const onSubmit = useLatestCallback(() => void submit());
  const onClear = useLatestCallback(() => void clear());
  const toolbarBusy = busy !== null || !loaded || completionState !== 'ready';
  const toolbar = useMemo(
    () => (
      <CountToolbar
        status={countStatus}
        busy={toolbarBusy}
        onStart={onStart}
        onSubmit={onSubmit}
        onClear={onClear}
      />
    ),
    [countStatus, toolbarBusy, onStart, onSubmit, onClear],
  );
  const pickProduct = useLatestCallback(jumpToProduct);
  const search = useMemo(
    () => <SearchAndScan products={searchable} catalogue={products.data} onPick={pickProduct} />,
    [searchable, products.data, pickProduct],
  );

  // The list is the same element while the person types: each row follows its own edit in the outbox, so a
  // keystroke renders that row, not the list and every row drawn (a long task on a slow phone).
  const rowsDisabled = !loaded || busy !== null;
  const renderRow = useCallback(
    (product: Product, focusIndex: number) => {
      const item = itemsById.get(product.id);
      return (
        <LiveCountRow
          product={product}
          stored={item ?? NOT_COUNTED}
          outbox={queue}
          par={item?.par ?? null}
          lastCounted={
            loaded
              ? lastCountedText(item?.countedAt ?? null, item?.countedBy ?? null, now, location.timezone)
              : ''
          }
          focusIndex={focusIndex}
          disabled={rowsDisabled}
          onEdit={onEdit}
        />
      );
    },
    [itemsById, queue, loaded, now, location.timezone, rowsDisabled, onEdit],
  );
  const list = useMemo(
    () =>
      category ? (
        <CategoryProductList
          key={`${location.id}:${category.name}`}
          categoryName={category.name}
          groups={shownGroups}
          steps={steps}
          renderRow={renderRow}
        />
      ) : null,
    [location.id, category, shownGroups, steps, renderRow],
  );

  if (products.isPending || categoryOrder.isPending) return <ScreenLoading label="Loading products" />;
  if (products.isError)
    return <ScreenLoadError what="The product list" onRetry={() => void products.refetch()} />;

  return (
    <OperationFrame
      actionName={OPERATIONS.count_inventory.name}
      location={location}
      categoryName={category?.name ?? null}
      categoryDetail={
        category ? <CountedOfCategory figures={figures} total={category.products.length} /> : null
      }
      autosave={autosave}
      onRetry={() => queue.flushNow()}
      onDismissRefused={() => queue.dismissRefused()}
      onRetryRefused={() => queue.retryRefused()}
      onLeave={onLeave}
      busyText={busy}
      toolbar={toolbar}
      notices={
        staleLines.length > 0 || inventory.isError || inventoryState === 'failed' ? (
          <>
            <StaleCountNotice
              lines={staleLines}
              title={newCountTitle(inventory.data?.countSession ?? null, now, location.timezone)}
              onAdopt={() => settleStale(true)}
              onDiscard={() => settleStale(false)}
            />
            {inventoryState === 'failed' ? (
              <ReadError title={INVENTORY_READ_FAILED} onRetry={() => void inventory.refetch()} />
            ) : inventory.isError ? (
              <ReadError
                title="This café's counts could not be refreshed"
                message="The numbers shown are from the last successful read."
                onRetry={() => void inventory.refetch()}
              />
            ) : null}
          </>
        ) : null
      }
      listTools={
        category ? (
          <ListTools search={search}>
            <UncountedOnlyToggle on={uncounted.on} onChange={uncounted.set} />
            <LiveConfirmAllButton
              figures={figures}
              disabled={!loaded || busy !== null}
              onConfirm={() => void confirmAll()}
            />
          </ListTools>
        ) : null
      }
      stepper={stepper(
        category ? (countedForBar / Math.max(category.products.length, 1)) * 100 : 0,
        'Items counted',
      )}
    >
      {inventoryState === 'loading' ? <LoadingMoreInventory /> : null}
      {list ?? (
        <NoProductsNote>No products to count yet. An administrator adds them under Settings.</NoProductsNote>
      )}
      <CompleteCountDialog
        gaps={gaps}
        onCancel={() => setGaps(null)}
        onConfirm={() => void completeWithGaps()}
      />
    </OperationFrame>
  );
}
