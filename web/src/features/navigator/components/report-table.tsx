import { REPORTS, type ReportName, type ReportRow } from '@engine/reports/report-definitions.ts';
import { Button } from '@web/components/ui/button.tsx';
import { useState } from 'react';

/** Rows drawn at first; the rest on request (a year of usage is thousands of rows). The CSV has them all. */
const FIRST_ROWS = 100;

const MONEY_KEYS = new Set(['value', 'spend']);
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

function formatCell(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Jump' : '';
  if (typeof value === 'number') return MONEY_KEYS.has(key) ? money.format(value) : number.format(value);
  return String(value);
}

const NUMERIC = (value: unknown) => typeof value === 'number' || value === null;

/**
 * The table behind a chart, and its text alternative: every row the CSV holds, in the CSV's columns. It
 * scrolls sideways inside its own region on a phone, reachable and scrollable by keyboard.
 */
export function ReportTable<N extends ReportName>({
  name,
  rows,
}: {
  name: N;
  rows: readonly ReportRow<N>[];
}) {
  const [showAll, setShowAll] = useState(false);
  const columns = REPORTS[name].columns as readonly { key: string; header: string }[];
  const shown = showAll ? rows : rows.slice(0, FIRST_ROWS);
  const first = rows[0] as Record<string, unknown> | undefined;
  return (
    <div className="grid gap-2">
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard.
        tabIndex={0}
        aria-label={`${REPORTS[name].title} table`}
        className="max-h-[28rem] overflow-auto rounded-md border focus-visible:outline-2 focus-visible:outline-ring"
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">
            {REPORTS[name].title}: {rows.length} rows
          </caption>
          <thead className="sticky top-0 bg-muted text-left text-xs text-foreground">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={`whitespace-nowrap px-2 py-2 font-medium ${first && NUMERIC(first[column.key]) ? 'text-right' : ''}`}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => {
              const cells = row as Record<string, unknown>;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no id; their order is the report's.
                <tr key={index} className={`border-t ${cells.jumped ? 'bg-amber-50' : ''}`}>
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={`whitespace-nowrap px-2 py-1.5 ${NUMERIC(cells[column.key]) ? 'text-right tabular-nums' : ''} ${column.key === 'jumped' ? 'font-medium text-amber-800' : ''}`}
                    >
                      {formatCell(column.key, cells[column.key])}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      {rows.length > FIRST_ROWS && !showAll ? (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setShowAll(true)}>
          Show all {rows.length.toLocaleString('en-US')} rows
        </Button>
      ) : null}
    </div>
  );
}
