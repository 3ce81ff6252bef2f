import { countCompletedLabel } from '@engine/cafe-time-labels.ts';
import { OPERATIONS } from '@engine/operations.ts';
import { useQuery } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast.ts';
import { useToggleParLock } from '@web/features/operations/api/toggle-par-lock.ts';
import { useCategorySearch } from '@web/features/operations/hooks/use-category-search.ts';
import { useOperationCategories } from '@web/features/operations/hooks/use-operation-categories.ts';
import { useParOutbox } from '@web/features/operations/hooks/use-par-outbox.ts';
import { useProductName } from '@web/features/operations/hooks/use-product-name.ts';
import { itemLookup } from '@web/features/operations/model/item-lookup.ts';
import { lastCountedText } from '@web/features/operations/model/last-counted.ts';
import type { ParEdit } from '@web/features/operations/model/par-edit.ts';
import { type StoredParView, UNREAD_PAR } from '@web/features/operations/model/par-row-view.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { refusedOffline } from '@web/lib/offline/refuse-offline.ts';
import { readStateOf } from '@web/lib/read-state.ts';
import { useCategoryOrder } from '@web/lib/shared-reads/category-order.ts';
import { inventoryQueryOptions } from '@web/lib/shared-reads/inventory.ts';
import { useProducts } from '@web/lib/shared-reads/products.ts';
import { usePermissions } from '@web/lib/shared-reads/use-permissions.ts';
import { useClock } from '@web/lib/use-clock.ts';
import { Lock } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { CategoryProductList } from './category-product-list.tsx';
import { ListTools } from './list-tools.tsx';
import { OperationFrame } from './operation-frame.tsx';
import { LiveParRow } from './par-row.tsx';
import { type OperationScreenProps, SHARED_DATA_REFRESH_MS } from './screen-props.ts';
import {
  LoadingMoreInventory,
  NoProductsNote,
  ReadError,
  ScreenLoadError,
  ScreenLoading,
} from './screen-states.tsx';
import { SearchAndScan } from './search-and-scan.tsx';
import { UploadCsvNote } from './upload-csv-note.tsx';

/** Shown when this café's PARs could not be read: no PAR, lifecycle or stock status is shown in its place. */
export const PARS_READ_FAILED = "This café's PARs could not load";

/** Set PARs (requirements §2): the target stock per product, with lifecycle, stock status and PAR locks. */
export function SetParsScreen({ location, userId, onLeave }: OperationScreenProps) {
  const now = useClock();
  const { has } = usePermissions();
  const canManageLocks = has('par_lock_management');
  const products = useProducts();
  const categoryOrder = useCategoryOrder();
  const inventory = useQuery({
    ...inventoryQueryOptions(location.id),
    refetchInterval: SHARED_DATA_REFRESH_MS,
  });
  const { mutate: toggleLock } = useToggleParLock(location.id);
  const [lockBusy, setLockBusy] = useState<number | null>(null);
  const queue = useParOutbox({ locationId: location.id, userId });

  const itemName = useProductName(products.data);
  const itemsById = useMemo(() => itemLookup(inventory.data?.items ?? []), [inventory.data]);
  const inventoryState = readStateOf(inventory);
  const { categories, category, groups, steps, stepper } = useOperationCategories(
    'set_pars',
    products.data,
    categoryOrder.data,
  );
  const autosave = useMemo(() => ({ outbox: queue, itemName }), [queue, itemName]);
  const { searchable, jumpToProduct } = useCategorySearch(categories, steps.jumpTo);
  const onEdit = useCallback((productId: number, edit: ParEdit) => queue.record(productId, edit), [queue]);

  const onToggleLock = useCallback(
    (productId: number, locked: boolean) => {
      if (refusedOffline(locked ? 'Locking a PAR' : 'Unlocking a PAR')) return;
      setLockBusy(productId);
      toggleLock(
        { productId, locked },
        {
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: locked ? 'Could not lock the PAR' : 'Could not unlock the PAR',
              description: errorMessageForPerson(error),
            }),
          onSettled: () => setLockBusy(null),
        },
      );
    },
    [toggleLock],
  );

  if (products.isPending || categoryOrder.isPending) return <ScreenLoading label="Loading products" />;
  if (products.isError)
    return <ScreenLoadError what="The product list" onRetry={() => void products.refetch()} />;

  const lockedCount = inventory.data ? inventory.data.items.filter((item) => item.parLocked).length : null;

  // What the café has stored, without the unsaved edits: each row lays its own edit over it (LiveParRow).
  const storedViewOf = (productId: number): StoredParView => {
    const item = itemsById.get(productId);
    // Without the café's inventory nothing is known: no PAR, lifecycle or status is made up.
    if (!inventory.data) return UNREAD_PAR;
    const locked = item?.parLocked ?? false;
    const lockedAt = item?.parLockedAt ? countCompletedLabel(item.parLockedAt, now, location.timezone) : null;
    return {
      par: item?.par ?? 0,
      lifecycle: item?.lifecycle ?? 'active',
      stockStatus: item?.stockStatus ?? 'in_stock',
      backordered: item?.backordered ?? false,
      locked,
      lockNote: locked
        ? `Locked by ${item?.parLockedBy ?? 'a PAR-lock manager'}${lockedAt ? ` · ${lockedAt}` : ''}`
        : null,
    };
  };

  return (
    <OperationFrame
      actionName={OPERATIONS.set_pars.name}
      location={location}
      categoryName={category?.name ?? null}
      categoryDetail={category ? `${category.products.length} products` : null}
      autosave={autosave}
      onRetry={() => queue.flushNow()}
      onDismissRefused={() => queue.dismissRefused()}
      onRetryRefused={() => queue.retryRefused()}
      onLeave={onLeave}
      busyText={null}
      toolbar={
        <div className="flex flex-wrap items-center justify-between gap-2">
          {lockedCount === null ? null : (
            <p className="flex items-center gap-2 text-muted-foreground text-sm">
              <Lock aria-hidden className="size-4" />
              {lockedCount === 0
                ? 'No PARs are locked at this café.'
                : `${lockedCount} ${lockedCount === 1 ? 'PAR is' : 'PARs are'} locked at this café${
                    canManageLocks ? '.' : ' — only a PAR-lock manager can change them.'
                  }`}
            </p>
          )}
          <UploadCsvNote />
        </div>
      }
      notices={
        inventoryState === 'failed' ? (
          <ReadError title={PARS_READ_FAILED} onRetry={() => void inventory.refetch()} />
        ) : inventory.isError ? (
          <ReadError
            title="This café's PARs could not be refreshed"
            message="The PARs shown are from the last successful read."
            onRetry={() => void inventory.refetch()}
          />
        ) : null
      }
      listTools={
        category ? (
          <ListTools
            search={<SearchAndScan products={searchable} catalogue={products.data} onPick={jumpToProduct} />}
          />
        ) : null
      }
      stepper={stepper(100, 'Categories')}
    >
      {inventoryState === 'loading' ? <LoadingMoreInventory /> : null}
      {category ? (
        <CategoryProductList
          key={`${location.id}:${category.name}`}
          categoryName={category.name}
          groups={groups}
          steps={steps}
          renderRow={(product, focusIndex) => {
            const item = itemsById.get(product.id);
            return (
              <LiveParRow
                product={product}
                view={storedViewOf(product.id)}
                outbox={queue}
                lastCounted={
                  inventory.data
                    ? lastCountedText(
                        item?.countedAt ?? null,
                        item?.countedBy ?? null,
                        now,
                        location.timezone,
                      )
                    : ''
                }
                focusIndex={focusIndex}
                disabled={!inventory.isSuccess}
                canManageLocks={canManageLocks}
                lockBusy={lockBusy === product.id}
                onEdit={onEdit}
                onToggleLock={onToggleLock}
              />
            );
          }}
        />
      ) : (
        <NoProductsNote>No products yet. An administrator adds them under Settings.</NoProductsNote>
      )}
    </OperationFrame>
  );
}
