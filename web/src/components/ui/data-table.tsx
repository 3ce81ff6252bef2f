import { flexRender, type Header, type Row, type RowData, type Table } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { cn } from '@web/lib/cn.ts';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { memo, type ReactNode, useCallback, useRef } from 'react';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /**
     * The column's width as a class, e.g. 'w-26' (a class, not an inline style, so a column's cells share one
     * computed style from row to row); the columns without one share what is left.
     */
    width?: string;
    align?: 'left' | 'right';
    /** Classes of every cell of the column, e.g. a muted colour where most cells show a plain dash. */
    cellClassName?: string;
    /** The column's name for the sort button when its header is not plain text. */
    label?: string;
  }
}

function SortHeader<T>({ header }: { header: Header<T, unknown> }) {
  const column = header.column;
  const title = flexRender(column.columnDef.header, header.getContext());
  if (!column.getCanSort()) return <>{title}</>;
  const sorted = column.getIsSorted();
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  const label =
    column.columnDef.meta?.label ??
    (typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id);
  return (
    <button
      type="button"
      onClick={column.getToggleSortingHandler()}
      aria-label={`Sort by ${label}`}
      className={cn(
        '-mx-1.5 inline-flex min-h-9 items-center gap-1 rounded px-1.5 text-left font-medium outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
        column.columnDef.meta?.align === 'right' && 'flex-row-reverse text-right',
        sorted ? 'text-foreground' : '',
      )}
    >
      {title}
      <Icon aria-hidden className={cn('size-3.5 shrink-0', sorted ? 'opacity-100' : 'opacity-40')} />
    </button>
  );
}

/** A column's box: its declared width, or an even share of what the fixed ones leave. */
function columnClass(width: string | undefined): string {
  return width ? `${width} flex-none` : 'min-w-0 flex-1';
}

/**
 * One row, drawn again only when its product, place or selection changed: a scroll draws only the rows that
 * come into view, a click only the row whose box changed. A sort or a search gives TanStack's rows new
 * objects; the product behind them (`row.original`) says whether the row really changed.
 */
const DataTableRow = memo(
  function DataTableRow<T>({ row, index, selected, className }: RowProps<T>) {
    return (
      // No inline style: an element whose style React has set through the CSSOM keeps a mutable inline style,
      // which Chromium never takes from its cache of computed styles, so each row coming into view was styled
      // from scratch. The rows sit in the body's flow instead, each in a track of the row height.
      <tr
        aria-rowindex={index + 2}
        aria-selected={row.getCanSelect() ? selected : undefined}
        data-state={selected ? 'selected' : undefined}
        className={cn(
          // Each row is sized by the table, so it can be laid out and painted on its own as rows come and go.
          'flex w-full border-b border-border [contain:strict] hover:bg-muted/40 data-[state=selected]:bg-accent/60',
          className,
        )}
      >
        {row.getVisibleCells().map((cell) => {
          const meta = cell.column.columnDef.meta;
          return (
            <td
              key={cell.id}
              className={cn(
                // A column of lines, centred: one line of text or two spans need no wrapper of their own.
                'flex flex-col justify-center overflow-hidden px-2 leading-tight first:pl-3 last:pr-3',
                columnClass(meta?.width),
                meta?.align === 'right' && 'text-right tabular-nums',
                meta?.cellClassName,
              )}
            >
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </td>
          );
        })}
      </tr>
    );
  },
  (before, after) =>
    before.row.original === after.row.original &&
    before.row.id === after.row.id &&
    before.selected === after.selected &&
    before.index === after.index &&
    before.className === after.className,
) as <T>(props: RowProps<T>) => ReactNode;

/**
 * The header, drawn again only when the rows, the sorting or the selection changed (its props besides the
 * table say so), not on every frame of a scroll.
 */
const DataTableHeader = memo(function DataTableHeader<T>({
  table,
}: {
  table: Table<T>;
  rows: unknown;
  sorting: unknown;
  selection: unknown;
}) {
  return (
    <thead className="sticky top-0 z-10 grid bg-card">
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id} aria-rowindex={1} className="flex w-full border-b border-border">
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted();
            const meta = header.column.columnDef.meta;
            return (
              <th
                key={header.id}
                scope="col"
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                className={cn(
                  'flex h-11 items-center whitespace-nowrap px-2 text-left text-xs text-muted-foreground first:pl-3 last:pr-3',
                  columnClass(meta?.width),
                  meta?.align === 'right' && 'justify-end text-right',
                )}
              >
                {header.isPlaceholder ? null : <SortHeader header={header} />}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}) as <T>(props: { table: Table<T>; rows: unknown; sorting: unknown; selection: unknown }) => ReactNode;

interface RowProps<T> {
  row: Row<T>;
  index: number;
  selected: boolean;
  className: string | undefined;
}

/**
 * shadcn's data table over TanStack Table, with only the rows near the view in the DOM (TanStack Virtual):
 * a box of its own height that scrolls both ways, with the header kept in view. Rows have one fixed height
 * and follow one another in the body's grid from the first one's place, so a scroll
 * never measures anything nor lays the whole table out again. `aria-rowcount` tells screen readers the size.
 */
export function DataTable<T>({
  table,
  rows = table.getRowModel().rows,
  label,
  rowHeight,
  className,
  empty,
  rowClassName,
}: {
  table: Table<T>;
  /** The rows to draw when the caller picks them out of the table's own (e.g. a search over sorted rows). */
  rows?: Row<T>[];
  label: string;
  rowHeight: number;
  className?: string;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  rowClassName?: (row: T) => string | undefined;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    getItemKey: useCallback((index: number) => rows[index]?.id ?? index, [rows]),
  });
  return (
    <div
      ref={scrollRef}
      className={cn(
        'relative overflow-auto overscroll-contain rounded-[var(--ui-card-radius,var(--radius))] border border-border bg-card',
        className,
      )}
    >
      <table aria-label={label} aria-rowcount={rows.length + 1} className="grid w-full min-w-[62rem] text-sm">
        <DataTableHeader
          table={table}
          rows={rows}
          sorting={table.getState().sorting}
          selection={table.getState().rowSelection}
        />
        <tbody
          className="relative grid content-start"
          style={
            rows.length === 0
              ? undefined
              : {
                  height: virtualizer.getTotalSize(),
                  // The rows in view follow one another from the first one's place.
                  paddingTop: virtualizer.getVirtualItems()[0]?.start ?? 0,
                  gridAutoRows: rowHeight,
                }
          }
        >
          {rows.length === 0 ? (
            <tr className="flex">
              <td className="flex-1 px-3 py-12 text-center text-muted-foreground">{empty}</td>
            </tr>
          ) : null}
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            return row ? (
              <DataTableRow
                key={row.id}
                row={row}
                index={item.index}
                selected={row.getIsSelected()}
                className={rowClassName?.(row.original)}
              />
            ) : null;
          })}
        </tbody>
      </table>
    </div>
  );
}
