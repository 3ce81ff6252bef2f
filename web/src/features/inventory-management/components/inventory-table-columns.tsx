import type { ColumnDef, SortingFn } from '@tanstack/react-table';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { COLUMN_TITLES, type ColumnId, sortValue, TEXT_COLUMNS } from '../model/inventory-columns.ts';
import { type InventoryViewRow, LIFECYCLE_LABELS } from '../model/inventory-view.ts';
import {
  BackorderedCell,
  LastCountCell,
  LockCell,
  MoneyCell,
  ParCell,
  RowCheckbox,
  StockStatusCell,
  TwoLines,
} from './inventory-cells.tsx';

const compareText = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;

const byText: SortingFn<InventoryViewRow> = (a, b, id) =>
  compareText(String(a.getValue(id)), String(b.getValue(id)));

const WIDTHS: Readonly<Record<ColumnId, string | undefined>> = {
  product: undefined,
  category: '6.5rem',
  par: '3.75rem',
  lock: '5.75rem',
  lastCount: '8.25rem',
  stockStatus: '6.5rem',
  backordered: '6.25rem',
  lifecycle: '5.75rem',
  unitCost: '5.5rem',
  onHandValue: '7.5rem',
};

const RIGHT: ReadonlySet<ColumnId> = new Set(['par', 'unitCost', 'onHandValue']);

function cellOf(id: ColumnId, row: InventoryViewRow): React.ReactNode {
  switch (id) {
    case 'product':
      return (
        <TwoLines
          first={<span className="font-medium text-foreground">{row.productName}</span>}
          second={[row.sku, row.unit].filter(Boolean).join(' · ')}
          title={row.productName}
        />
      );
    case 'category':
      return <TwoLines first={row.category} second={row.subcategory ?? undefined} />;
    case 'par':
      return <ParCell row={row} />;
    case 'lock':
      return <LockCell row={row} />;
    case 'lastCount':
      return <LastCountCell row={row} />;
    case 'stockStatus':
      return <StockStatusCell row={row} />;
    case 'backordered':
      return <BackorderedCell row={row} />;
    case 'lifecycle':
      return <span className="truncate">{LIFECYCLE_LABELS[row.lifecycle]}</span>;
    case 'unitCost':
      return <MoneyCell amount={row.unitCost} />;
    case 'onHandValue':
      return <MoneyCell amount={row.onHandValue} />;
  }
}

const dataColumns: ColumnDef<InventoryViewRow>[] = (Object.keys(COLUMN_TITLES) as ColumnId[]).map((id) => ({
  id,
  header: COLUMN_TITLES[id],
  accessorFn: (row: InventoryViewRow) => sortValue(row, id),
  sortingFn: TEXT_COLUMNS.has(id) ? byText : 'basic',
  sortUndefined: 'last',
  // Numbers and times read best largest or newest first; names A to Z.
  sortDescFirst: !TEXT_COLUMNS.has(id),
  cell: ({ row }) => cellOf(id, row.original),
  meta: { width: WIDTHS[id], align: RIGHT.has(id) ? 'right' : 'left' },
}));

/** The selection column, then one per data column in the order of the CSV's (model/inventory-columns.ts). */
export const INVENTORY_COLUMNS: ColumnDef<InventoryViewRow>[] = [
  {
    id: 'select',
    enableSorting: false,
    meta: { width: '2.5rem' },
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all shown products"
        checked={
          table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false
        }
        onCheckedChange={(checked) => table.toggleAllRowsSelected(checked === true)}
        className="size-5"
      />
    ),
    cell: ({ row }) => (
      <RowCheckbox
        label={`Select ${row.original.productName}`}
        checked={row.getIsSelected()}
        onChange={(checked) => row.toggleSelected(checked)}
      />
    ),
  },
  ...dataColumns,
];
