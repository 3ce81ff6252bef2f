import type { Location } from '@engine/api-schemas.ts';
import { localTime } from '@engine/cafe-time-labels.ts';
import { sumMoney } from '@engine/cart-totals.ts';
import type { BulkInventoryResponse } from '@engine/inventory-management-schemas.ts';
import {
  getCoreRowModel,
  getSortedRowModel,
  type RowSelectionState,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { DataTable } from '@web/components/ui/data-table.tsx';
import { ReadFailed } from '@web/components/ui/read-failed.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { formatDateTime, formatMoney, plural } from '@web/lib/display-format.ts';
import { readStateOf } from '@web/lib/read-state.ts';
import { useIsPhone } from '@web/lib/use-phone-layout.ts';
import { Download, X } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useBulkChangeInventory, useInventoryManagement } from '../api/inventory-management.ts';

import { inventoryCsv } from '../model/inventory-columns.ts';
import {
  categoriesOf,
  filterRows,
  type InventoryFilters,
  NO_FILTERS,
  toViewRows,
} from '../model/inventory-view.ts';
import { BulkChangeBar, type ProposedChange } from './bulk-change-bar.tsx';
import { InventoryCards } from './inventory-cards.tsx';
import { InventoryFiltersBar } from './inventory-filters.tsx';
import { INVENTORY_COLUMNS, type SelectShown } from './inventory-table-columns.tsx';
import { PhoneSort } from './phone-sort.tsx';

const ROW_HEIGHT = 52;

function downloadCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

interface Outcome {
  description: string;
  result: BulkInventoryResponse;
}

/** Inventory Management (product.md): every product of one café, filtered, sorted, changed in bulk, exported. */
export function InventoryManagementScreen({ location }: { location: Location }) {
  const query = useInventoryManagement(location.id);
  const bulk = useBulkChangeInventory();
  const phone = useIsPhone();
  const [filters, setFilters] = useState<InventoryFilters>(NO_FILTERS);
  const [sorting, setSorting] = useState<SortingState>([{ id: 'product', desc: false }]);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [proposed, setProposed] = useState<ProposedChange | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const all = useMemo(
    () => (query.data ? toViewRows(query.data.items, new Date(query.data.readAt), location.timezone) : []),
    [query.data, location.timezone],
  );
  const categories = useMemo(() => categoriesOf(all), [all]);
  // The search box shows each key at once; the table follows with the filters when the main thread is free,
  // and a key typed meanwhile starts that work over instead of waiting for it.
  const deferredFilters = useDeferredValue(filters);
  const shown = useMemo(() => filterRows(all, deferredFilters), [all, deferredFilters]);
  const shownSet = useMemo(() => new Set(shown), [shown]);

  // A selection hidden by a new filter would be changed unseen: a new filter starts a new selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger, not a value used.
  useEffect(
    () => setRowSelection((selection) => (Object.keys(selection).length === 0 ? selection : {})),
    [filters],
  );

  const shownSelected = shown.filter((row) => rowSelection[String(row.productId)]).length;
  const selectShown: SelectShown = {
    checked: shownSelected === 0 ? false : shownSelected === shown.length ? true : 'indeterminate',
    onChange: (checked) =>
      setRowSelection(checked ? Object.fromEntries(shown.map((row) => [String(row.productId), true])) : {}),
  };

  // TanStack sorts every product of the read once per sort; a search or a filter then only picks rows out of
  // that order. Sorting or filtering inside TanStack would build 3,000 row objects again on every key typed.
  const table = useReactTable({
    data: all,
    columns: INVENTORY_COLUMNS,
    state: { sorting, rowSelection },
    onSortingChange: setSorting,
    onRowSelectionChange: setRowSelection,
    getRowId: (row) => String(row.productId),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    enableRowSelection: true,
    // A column header flips between its two orders; a third, unsorted state would only look like a bug.
    enableSortingRemoval: false,
    meta: { selectShown },
  });
  const sorted = table.getRowModel().rows;
  const rows = useMemo(() => sorted.filter((row) => shownSet.has(row.original)), [sorted, shownSet]);
  const selectedIds = Object.keys(rowSelection)
    .filter((id) => rowSelection[id])
    .map(Number);
  const shownValue = useMemo(() => sumMoney(shown.map((row) => row.onHandValue ?? 0)), [shown]);

  const apply = (change: ProposedChange) => {
    bulk.mutate(
      { locationId: location.id, productIds: selectedIds, change: change.change },
      {
        onSuccess: (result) => {
          setRowSelection({});
          setOutcome({ description: change.description, result });
          toast({
            title:
              result.changed.length === 0
                ? 'Nothing changed'
                : `${plural(result.changed.length, 'product')} changed`,
            description:
              result.refused.length > 0 ? `${plural(result.refused.length, 'product')} refused` : undefined,
          });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Nothing was changed',
            description: errorMessageForPerson(error, 'Try again in a moment.'),
          }),
      },
    );
  };

  const header = (
    <div className="mb-5 flex flex-col gap-1 sm:mb-6">
      <p className="font-medium text-muted-foreground text-sm">
        {location.name} · {location.code}
      </p>
      <h1 className="text-2xl text-foreground tracking-tight sm:text-[1.75rem]">Inventory Management</h1>
      <p className="max-w-2xl text-pretty text-muted-foreground">
        Every product of this café with its PAR, lock, last count, stock status and lifecycle.
      </p>
    </div>
  );

  const state = readStateOf(query);
  if (state === 'loading') {
    return (
      <>
        {header}
        <div className="flex justify-center py-16">
          <Spinner label="Loading inventory" />
        </div>
      </>
    );
  }
  if (state === 'failed' || !query.data) {
    return (
      <>
        {header}
        <ReadFailed title="The inventory could not load" error={query.error} onRetry={query.refetch} />
      </>
    );
  }

  const empty =
    all.length === 0 ? 'This café has no products yet.' : 'No product matches the search and filters.';
  // Named by the café's day, as the screen's other days are (decision 087).
  const fileName = `inventory-${location.code}-${localTime(new Date(query.data.readAt), location.timezone).day}.csv`;

  return (
    <>
      {header}
      <div className="flex flex-col gap-3">
        {query.isRefetchError ? (
          <Alert variant="destructive" className="text-red-700">
            <AlertTitle>The inventory could not refresh</AlertTitle>
            <AlertDescription>
              Showing what was read at {formatDateTime(query.data.readAt)}.{' '}
              {errorMessageForPerson(query.error, 'Check the connection.')}
            </AlertDescription>
          </Alert>
        ) : null}
        <InventoryFiltersBar
          filters={filters}
          categories={categories}
          collapsible={phone}
          onChange={setFilters}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-muted-foreground text-sm" aria-live="polite" data-testid="shown-count">
            Showing <span className="font-medium text-foreground">{rows.length}</span> of{' '}
            {plural(all.length, 'product')} · on hand {formatMoney(shownValue)}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {phone ? <PhoneSort sorting={sorting} onChange={setSorting} /> : null}
            <Button
              variant="outline"
              className="h-10"
              disabled={rows.length === 0}
              onClick={() => downloadCsv(inventoryCsv(rows.map((row) => row.original)), fileName)}
            >
              <Download aria-hidden />
              Export CSV
            </Button>
          </div>
        </div>
        {outcome ? <OutcomePanel outcome={outcome} onClose={() => setOutcome(null)} /> : null}
        {selectedIds.length > 0 ? (
          <BulkChangeBar
            selected={selectedIds.length}
            busy={bulk.isPending}
            onPick={setProposed}
            onClear={() => setRowSelection({})}
          />
        ) : null}
        {phone ? (
          <>
            {rows.length > 0 ? (
              <label className="flex min-h-10 items-center gap-3 px-3 text-sm">
                <input
                  type="checkbox"
                  className="size-5 accent-primary"
                  checked={selectShown.checked === true}
                  onChange={(event) => selectShown.onChange(event.target.checked)}
                />
                Select all shown
              </label>
            ) : null}
            <InventoryCards rows={rows} empty={empty} />
          </>
        ) : (
          <DataTable
            table={table}
            rows={rows}
            label="Products"
            rowHeight={ROW_HEIGHT}
            empty={empty}
            className="h-[max(26rem,calc(100dvh-19rem))]"
          />
        )}
      </div>
      <ConfirmDialog
        open={proposed !== null}
        onOpenChange={(open) => (open ? undefined : setProposed(null))}
        title={`Change ${plural(selectedIds.length, 'product')}?`}
        message={`${proposed?.description ?? ''} for ${plural(selectedIds.length, 'selected product')} of ${location.name}. Products you may not change are left as they are and listed.`}
        confirmText="Apply"
        onConfirm={() => {
          if (proposed) apply(proposed);
          setProposed(null);
        }}
      />
    </>
  );
}

function OutcomePanel({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const { result } = outcome;
  const refused = result.refused.length > 0;
  return (
    <Alert
      variant={refused ? 'destructive' : 'default'}
      live="status"
      className={refused ? 'text-red-700' : undefined}
    >
      <AlertTitle className="flex items-start justify-between gap-2">
        <span>
          {outcome.description}: {plural(result.changed.length, 'product')} changed
          {result.unchanged.length > 0 ? `, ${result.unchanged.length} already so` : ''}
          {refused ? `, ${result.refused.length} refused` : ''}
        </span>
        <button
          type="button"
          aria-label="Dismiss"
          onClick={onClose}
          className="-m-1 rounded p-1 text-muted-foreground hover:text-foreground"
        >
          <X aria-hidden className="size-4" />
        </button>
      </AlertTitle>
      {refused ? (
        <AlertDescription>
          <ul className="mt-1 flex flex-col gap-1" aria-label="Refused products">
            {result.refused.map((row) => (
              <li key={row.productId}>
                <span className="font-medium">{row.productName ?? `Product ${row.productId}`}</span>:{' '}
                {row.reason}
              </li>
            ))}
          </ul>
        </AlertDescription>
      ) : null}
    </Alert>
  );
}
