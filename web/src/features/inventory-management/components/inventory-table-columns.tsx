import type { ColumnDef, RowData } from '@tanstack/react-table';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { COLUMN_TITLES, type ColumnId, sortValue, TEXT_COLUMNS } from '../model/inventory-columns.ts';
import type { InventoryViewRow } from '../model/inventory-view.ts';
import { RowCheckbox } from './inventory-cells.tsx';
import { tableCellOf } from './inventory-table-cells.tsx';

/** The header's box selects the rows shown (after search and filters), not every product of the read. */
export interface SelectShown {
  checked: boolean | 'indeterminate';
  onChange: (checked: boolean) => void;
}

declare module '@tanstack/react-table' {
  interface TableMeta<TData extends RowData> {
    selectShown?: SelectShown;
  }
}

// Widths as classes, not inline styles: cells of one column then share their computed style from row to row.
const WIDTHS: Readonly<Record<ColumnId, string | undefined>> = {
  product: undefined,
  category: 'w-26',
  par: 'w-15',
  lock: 'w-23',
  lastCount: 'w-33',
  stockStatus: 'w-26',
  backordered: 'w-25',
  lifecycle: 'w-23',
  unitCost: 'w-22',
  onHandValue: 'w-30',
};

const RIGHT: ReadonlySet<ColumnId> = new Set(['par', 'unitCost', 'onHandValue']);

// Mostly a dash: muted as a column, so the dash is plain text rather than an element of its own in each row.
const MUTED: ReadonlySet<ColumnId> = new Set(['lock', 'backordered']);

const dataColumns: ColumnDef<InventoryViewRow>[] = (Object.keys(COLUMN_TITLES) as ColumnId[]).map((id) => ({
  id,
  header: COLUMN_TITLES[id],
  accessorFn: (row: InventoryViewRow) => sortValue(row, id),
  // Every sort value is a number or an ISO time (names by their collation rank): plain comparisons.
  sortingFn: 'basic',
  sortUndefined: 'last',
  // Numbers and times read best largest or newest first; names A to Z.
  sortDescFirst: !TEXT_COLUMNS.has(id),
  cell: ({ row }) => tableCellOf(id, row.original),
  meta: {
    width: WIDTHS[id],
    align: RIGHT.has(id) ? 'right' : 'left',
    cellClassName: MUTED.has(id) ? 'text-muted-foreground' : undefined,
  },
}));

/** The selection column, then one per data column in the order of the CSV's (model/inventory-columns.ts). */
export const INVENTORY_COLUMNS: ColumnDef<InventoryViewRow>[] = [
  {
    id: 'select',
    enableSorting: false,
    meta: { width: 'w-10' },
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all shown products"
        checked={table.options.meta?.selectShown?.checked ?? false}
        onCheckedChange={(checked) => table.options.meta?.selectShown?.onChange(checked === true)}
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
