import { countCompletedLabel } from '@engine/cafe-time-labels.ts';
import { hasConfirmedCount } from '@engine/cart-suggestions.ts';
import { OPERATIONS } from '@engine/operations.ts';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useActiveCountCompletion } from '@web/features/operations/api/active-count-completion.ts';
import { useOperationCategories } from '@web/features/operations/hooks/use-operation-categories.ts';
import { useProductName } from '@web/features/operations/hooks/use-product-name.ts';
import { itemLookup } from '@web/features/operations/model/item-lookup.ts';
import { nothingToOrderText } from '@web/features/operations/model/nothing-to-order.ts';
import { typedQuantityCount } from '@web/features/operations/model/typed-quantities.ts';
import { errorCodeOf } from '@web/lib/api-client.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { cartQuery, useClearCart, useSuggestCart } from '@web/lib/cart/cart-api.ts';
import { useCartAutosave } from '@web/lib/cart/use-cart-autosave.ts';
import { formatMoney } from '@web/lib/display-format.ts';
import { refusedOffline } from '@web/lib/offline/refuse-offline.ts';
import { useCategoryOrder } from '@web/lib/shared-reads/category-order.ts';
import { useInventory } from '@web/lib/shared-reads/inventory.ts';
import { useProducts } from '@web/lib/shared-reads/products.ts';
import { usePermissions } from '@web/lib/shared-reads/use-permissions.ts';
import { useChooseOperation } from '@web/lib/storage/selected-action.ts';
import { useClock } from '@web/lib/use-clock.ts';
import { ClipboardList, PackageCheck } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { CategoryProductList } from './category-product-list.tsx';
import { OperationFrame } from './operation-frame.tsx';
import { type OperationScreenProps, SHARED_DATA_REFRESH_MS } from './screen-props.ts';
import { LoadingMoreInventory, ScreenLoadError, ScreenLoading } from './screen-states.tsx';
import { ShoppingRow } from './shopping-row.tsx';
import { ShoppingToolbar } from './shopping-toolbar.tsx';

function EmptyState({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-[var(--ui-card-radius,var(--radius))] border-[length:var(--ui-border-width,2px)] border-border border-dashed bg-card px-6 py-14 text-center sm:py-20">
      <span className="mb-2 inline-flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
        {icon}
      </span>
      <h2 className="text-lg text-foreground">{title}</h2>
      <div className="flex max-w-md flex-col items-center gap-3 text-pretty text-muted-foreground text-sm">
        {children}
      </div>
    </div>
  );
}

/**
 * Shopping List (requirements §2, §4, §5): Suggest Orders fills it from PAR minus the confirmed count once the count
 * is completed; while suggested, only suggested products show, per category. Quantities autosave to the cart.
 */
export function ShoppingListScreen({ location, userId, onLeave }: OperationScreenProps) {
  const now = useClock();
  const { has } = usePermissions();
  const chooseOperation = useChooseOperation();
  const products = useProducts();
  const categoryOrder = useCategoryOrder();
  const inventory = useInventory(location.id);
  const cart = useQuery({ ...cartQuery(location.id), refetchInterval: SHARED_DATA_REFRESH_MS });
  const completion = useActiveCountCompletion(location.id);
  const suggest = useSuggestCart();
  const clearCart = useClearCart();
  const [busy, setBusy] = useState<string | null>(null);
  /** The server's sentence naming the order this count already became, while the person is asked. */
  const [alreadyOrdered, setAlreadyOrdered] = useState<string | null>(null);

  const { queue, snapshot, record } = useCartAutosave({ userId, locationId: location.id });

  const itemName = useProductName(products.data);
  const itemsById = useMemo(() => itemLookup(inventory.data?.items ?? []), [inventory.data]);
  const linesById = useMemo(
    () => new Map((cart.data?.lines ?? []).map((line) => [line.productId, line])),
    [cart.data],
  );

  // While suggested, a product set to 0 stays on screen until the list is cleared, so a quantity being
  // retyped does not vanish under the person's thumb.
  const shownWhileSuggested = useRef(new Set<number>());
  const suggested = cart.data?.suggested ?? false;
  const shownIds = useMemo(() => {
    if (!suggested) {
      shownWhileSuggested.current = new Set();
      return null;
    }
    for (const line of cart.data?.lines ?? []) shownWhileSuggested.current.add(line.productId);
    for (const productId of snapshot.entries.keys()) shownWhileSuggested.current.add(productId);
    return new Set(shownWhileSuggested.current);
  }, [suggested, cart.data, snapshot.entries]);

  const completed = completion.data ?? null;
  const manual = !suggested && completed !== null;
  const visibleProducts = useMemo(() => {
    const all = products.data ?? [];
    if (shownIds) return all.filter((product) => shownIds.has(product.id));
    if (manual) return all.filter((product) => itemsById.get(product.id)?.lifecycle !== 'discontinued');
    return [];
  }, [products.data, shownIds, manual, itemsById]);
  const { categories, category, groups, steps, stepper } = useOperationCategories(
    'shopping_list',
    visibleProducts,
    categoryOrder.data,
  );
  const autosave = useMemo(() => ({ outbox: queue, itemName }), [queue, itemName]);

  // Until the count status is known, 'Count Not Completed' could be untrue: wait for it.
  if (products.isPending || categoryOrder.isPending || cart.isPending || completion.isPending) {
    return <ScreenLoading label="Loading the shopping list" />;
  }
  if (products.isError)
    return <ScreenLoadError what="The product list" onRetry={() => void products.refetch()} />;
  if (cart.isError) return <ScreenLoadError what="The shopping list" onRetry={() => void cart.refetch()} />;
  // Without the count completion the screen would claim 'Count Not Completed', and without the category
  // order or the café's PARs and counts it would show a made-up order and blank figures: none of that is true.
  // A poll that fails after a first answer keeps that answer on screen; only a first read that failed stops it.
  if (completion.isError && completion.data === undefined)
    return <ScreenLoadError what="The count status" onRetry={() => void completion.refetch()} />;
  if (categoryOrder.isError && categoryOrder.data === undefined)
    return <ScreenLoadError what="The category order" onRetry={() => void categoryOrder.refetch()} />;
  if (inventory.isError && inventory.data === undefined)
    return <ScreenLoadError what="The café’s PARs and counts" onRetry={() => void inventory.refetch()} />;

  const lineCount = cart.data.totals.lineCount;
  const runSuggest = async (again = false) => {
    // Offline the drain below fails and the typed list would be dropped for suggestions that cannot come.
    if (refusedOffline('Suggesting orders')) return;
    setBusy('Processing...');
    try {
      // Quantities still on their way are sent first, so a refusal (this count already ordered) leaves the list as
      // the person typed it; any that cannot be sent are dropped, as the suggestions replace the list.
      if (!(await queue.drain())) queue.discard();
      const filled = await suggest.mutateAsync({ locationId: location.id, again });
      steps.go(0);
      toast({
        title: filled.lines.length === 0 ? 'Nothing to order' : 'Orders suggested',
        description:
          filled.lines.length === 0
            ? nothingToOrderText(inventory.data?.items ?? [])
            : `${filled.lines.length} ${filled.lines.length === 1 ? 'product' : 'products'} suggested from PAR minus the count.`,
      });
    } catch (error) {
      // This count's shortfall was ordered already (on another phone or tab): asked, not refused outright.
      if (errorCodeOf(error) === 'count_already_ordered') {
        setAlreadyOrdered(errorMessageForPerson(error));
        return;
      }
      const notCompleted = errorCodeOf(error) === 'count_not_completed';
      // The count this screen showed is gone (an order or a new count on another phone): show the café's count now.
      if (notCompleted) void Promise.all([completion.refetch(), inventory.refetch()]);
      toast({
        variant: 'destructive',
        title: notCompleted ? 'Count Not Completed' : 'Could not suggest orders',
        description: errorMessageForPerson(error),
      });
    } finally {
      setBusy(null);
    }
  };
  const runClear = async () => {
    if (refusedOffline('Clearing the shopping list')) return;
    setBusy('Processing...');
    try {
      queue.discard();
      await clearCart.mutateAsync(location.id);
      steps.go(0);
      toast({ title: 'Shopping list cleared' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Could not clear the shopping list',
        description: errorMessageForPerson(error),
      });
    } finally {
      setBusy(null);
    }
  };

  const completedText = completed
    ? `Count completed ${countCompletedLabel(completed.completedAt, now, location.timezone) ?? ''}`
    : null;
  const summary = `${lineCount} ${lineCount === 1 ? 'item' : 'items'} · ${formatMoney(cart.data.totals.total)}`;

  let body: React.ReactNode;
  if (category) {
    body = (
      <CategoryProductList
        key={`${location.id}:${category.name}:${suggested}`}
        categoryName={category.name}
        groups={groups}
        steps={steps}
        renderRow={(product, focusIndex) => {
          const line = linesById.get(product.id);
          const item = itemsById.get(product.id);
          const waiting = snapshot.entries.get(product.id);
          return (
            <ShoppingRow
              product={product}
              view={{
                quantity: waiting ? waiting.value.quantity : (line?.quantity ?? null),
                suggestedQuantity: line?.suggestedQuantity ?? null,
                neededQuantity: line?.neededQuantity ?? null,
                par: item?.par ?? null,
                count: item?.count ?? null,
                unsaved: waiting !== undefined,
                refused: waiting?.refused ?? null,
              }}
              focusIndex={focusIndex}
              disabled={busy !== null}
              onEdit={record}
            />
          );
        }}
      />
    );
  } else if (suggested) {
    const items = inventory.data?.items ?? [];
    body = (
      <EmptyState icon={<PackageCheck aria-hidden className="size-5" />} title="Nothing to order">
        <p>{nothingToOrderText(items)}</p>
        {!hasConfirmedCount(items) && has('count_inventory') ? (
          <Button variant="outline" onClick={() => chooseOperation('count_inventory')}>
            Go to Count Inventory
          </Button>
        ) : null}
      </EmptyState>
    );
  } else {
    body = (
      <EmptyState icon={<ClipboardList aria-hidden className="size-5" />} title="Count Not Completed">
        <p>
          Please complete the inventory count before creating orders. Suggested quantities come from each PAR
          minus the confirmed count.
        </p>
        {lineCount > 0 ? (
          <p>
            {lineCount} {lineCount === 1 ? 'item is' : 'items are'} already on the list; View Cart shows them.
          </p>
        ) : null}
        {has('count_inventory') ? (
          <Button variant="outline" onClick={() => chooseOperation('count_inventory')}>
            Go to Count Inventory
          </Button>
        ) : null}
      </EmptyState>
    );
  }

  return (
    <OperationFrame
      actionName={OPERATIONS.shopping_list.name}
      location={location}
      categoryName={category?.name ?? null}
      categoryDetail={category ? `${category.products.length} ${suggested ? 'suggested' : 'products'}` : null}
      autosave={autosave}
      onRetry={() => queue.flushNow()}
      onDismissRefused={() => queue.dismissRefused()}
      onRetryRefused={() => queue.retryRefused()}
      onLeave={onLeave}
      busyText={busy}
      toolbar={
        <div className="flex flex-col gap-2">
          <ShoppingToolbar
            canSuggest={completed !== null}
            typedCount={typedQuantityCount(cart.data.lines, snapshot.entries.keys())}
            canClear={lineCount > 0 || snapshot.entries.size > 0}
            busy={busy !== null}
            summary={summary}
            onSuggest={() => void runSuggest()}
            onClear={() => void runClear()}
          />
          <p className="px-1 text-muted-foreground text-xs">
            {completedText ?? 'Suggest Orders becomes available once the inventory count is completed.'}
            {suggested ? ' · Showing suggested products only.' : ''}
          </p>
        </div>
      }
      stepper={categories.length > 0 ? stepper(100, 'Categories') : null}
    >
      {inventory.isPending ? <LoadingMoreInventory /> : null}
      {body}
      <ConfirmDialog
        open={alreadyOrdered !== null}
        onOpenChange={(open) => {
          if (!open) setAlreadyOrdered(null);
        }}
        title="This count was already ordered"
        message={alreadyOrdered ?? ''}
        confirmText="Suggest again"
        cancelText="Keep the list"
        // Suggesting again would order the same shortfall twice: the risky choice looks it.
        variant="destructive"
        onConfirm={() => void runSuggest(true)}
      />
    </OperationFrame>
  );
}
