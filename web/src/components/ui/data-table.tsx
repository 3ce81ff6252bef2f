import { flexRender, type Header, type RowData, type Table } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { cn } from '@web/lib/cn.ts';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ReactNode, useRef } from 'react';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** A CSS width for the column's <col>, e.g. '7rem'; the columns without one share what is left. */
    width?: string;
    align?: 'left' | 'right';
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

/**
 * shadcn's data table over TanStack Table, with only the rows near the view in the DOM (TanStack Virtual):
 * a box of its own height that scrolls both ways, with the header kept in view. Rows have one fixed height,
 * so scrolling through thousands never measures anything. `aria-rowcount` tells screen readers the size.
 */
export function DataTable<T>({
  table,
  label,
  rowHeight,
  className,
  empty,
  rowClassName,
}: {
  table: Table<T>;
  label: string;
  rowHeight: number;
  className?: string;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  rowClassName?: (row: T) => string | undefined;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const columns = table.getVisibleLeafColumns();

  return (
    <div
      ref={scrollRef}
      className={cn(
        'relative overflow-auto overscroll-contain rounded-[var(--ui-card-radius,var(--radius))] border border-border bg-card',
        className,
      )}
    >
      <table
        aria-label={label}
        aria-rowcount={rows.length + 1}
        className="w-full min-w-[64rem] table-fixed border-separate border-spacing-0 text-sm"
      >
        <colgroup>
          {columns.map((column) => (
            <col
              key={column.id}
              style={column.columnDef.meta?.width ? { width: column.columnDef.meta.width } : undefined}
            />
          ))}
        </colgroup>
        <thead className="sticky top-0 z-10 bg-card">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className={cn(
                      'h-11 border-b border-border px-2 text-left align-middle text-xs text-muted-foreground first:pl-3 last:pr-3',
                      header.column.columnDef.meta?.align === 'right' && 'text-right',
                    )}
                  >
                    {header.isPlaceholder ? null : <SortHeader header={header} />}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-12 text-center text-muted-foreground">
                {empty}
              </td>
            </tr>
          ) : null}
          {before > 0 ? (
            <tr aria-hidden style={{ height: before }}>
              <td colSpan={columns.length} className="p-0" />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <tr
                key={row.id}
                aria-rowindex={item.index + 2}
                aria-selected={row.getCanSelect() ? row.getIsSelected() : undefined}
                data-state={row.getIsSelected() ? 'selected' : undefined}
                style={{ height: rowHeight }}
                className={cn(
                  'hover:bg-muted/40 data-[state=selected]:bg-accent/60',
                  rowClassName?.(row.original),
                )}
              >
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={cn(
                      'overflow-hidden border-b border-border px-2 align-middle first:pl-3 last:pr-3',
                      cell.column.columnDef.meta?.align === 'right' && 'text-right tabular-nums',
                    )}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            );
          })}
          {after > 0 ? (
            <tr aria-hidden style={{ height: after }}>
              <td colSpan={columns.length} className="p-0" />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
