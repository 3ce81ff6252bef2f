import { REPORTS, type ReportName, type ReportRow } from '@engine/reports/report-definitions.ts';
import { Button } from '@web/components/ui/button.tsx';
import { type ReactNode, useState } from 'react';

/** Rows drawn at first; the rest on request (a year of usage is thousands of rows). The CSV has them all. */
const FIRST_ROWS = 100;

const MONEY_KEYS = new Set(['value', 'spend']);
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** What a true flag reads as in its column (false is blank). */
const FLAG_TEXT: Record<string, string> = { jumped: 'Jump', locked: 'Locked', capped: 'Capped' };

function formatCell(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? (FLAG_TEXT[key] ?? 'Yes') : '';
  if (typeof value === 'number') return MONEY_KEYS.has(key) ? money.format(value) : number.format(value);
  return String(value);
}

/** Flags a reader should not miss: a jump, a PAR too low (stock-outs) or too high (stock that sits). */
function emphasis(key: string, value: unknown): string {
  if (key === 'jumped') return 'font-medium text-amber-800';
  if (key === 'verdict' && value === 'too low') return 'font-medium text-red-700';
  if (key === 'verdict' && value === 'too high') return 'font-medium text-amber-800';
  return '';
}

const NUMERIC = (value: unknown) => typeof value === 'number' || value === null;

/*
 * Names and other words wrap, so that on a phone the figures after them come into view; a figure, a date or a code
 * (one token) never breaks. The headers wrap too: "Location code" over two lines is narrower than its cells.
 */
function cellLayout(value: unknown): string {
  if (NUMERIC(value)) return 'whitespace-nowrap text-right tabular-nums';
  return typeof value === 'string' && /\s/.test(value) ? 'min-w-[min(7rem,27vw)]' : 'whitespace-nowrap';
}

/** A column the screen adds around the CSV's (a selection box, an outcome); the CSV never has it. */
export interface ExtraColumn<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
}

/**
 * The table behind a chart, and its text alternative: every row the CSV holds, in the CSV's columns. It
 * scrolls sideways inside its own region on a phone, reachable and scrollable by keyboard.
 */
export function ReportTable<N extends ReportName>({
  name,
  rows,
  before,
  after,
}: {
  name: N;
  rows: readonly ReportRow<N>[];
  before?: ExtraColumn<ReportRow<N>>;
  after?: ExtraColumn<ReportRow<N>>;
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
        className="relative max-h-[28rem] overflow-auto rounded-md border focus-visible:outline-2 focus-visible:outline-ring"
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">
            {REPORTS[name].title}: {rows.length} rows
          </caption>
          <thead className="sticky top-0 bg-muted text-left text-xs text-foreground">
            <tr>
              {before ? (
                <th scope="col" className="px-2 py-2 font-medium">
                  {before.header}
                </th>
              ) : null}
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={`px-1.5 py-2 align-bottom font-medium sm:px-2 ${first && NUMERIC(first[column.key]) ? 'text-right' : ''}`}
                >
                  {column.header}
                </th>
              ))}
              {after ? (
                <th scope="col" className="whitespace-nowrap px-2 py-2 font-medium">
                  {after.header}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => {
              const cells = row as Record<string, unknown>;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no id; their order is the report's.
                <tr key={index} className={`border-t ${cells.jumped ? 'bg-amber-50' : ''}`}>
                  {before ? <td className="px-2 py-1.5">{before.cell(row)}</td> : null}
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={`px-1.5 py-1.5 sm:px-2 ${cellLayout(cells[column.key])} ${emphasis(column.key, cells[column.key])}`}
                    >
                      {formatCell(column.key, cells[column.key])}
                    </td>
                  ))}
                  {after ? <td className="px-2 py-1.5 text-sm">{after.cell(row)}</td> : null}
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
