import { type CsvCell, toCsv } from '../order-csv.ts';
import { REPORTS, type ReportName, type ReportRow } from './report-definitions.ts';

function cell(value: unknown): CsvCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value;
  return String(value);
}

/**
 * The one CSV of a report's table, used by the Navigator's download and `parstock report` alike, so the two
 * files are the same bytes (RFC 4180, CRLF, formula-looking text defused: see order-csv.ts).
 */
export function reportCsv<N extends ReportName>(name: N, rows: readonly ReportRow<N>[]): string {
  const columns = REPORTS[name].columns as readonly { key: string; header: string }[];
  return toCsv(
    columns.map((column) => column.header),
    rows.map((row) => columns.map((column) => cell((row as Record<string, unknown>)[column.key]))),
  );
}

/** The file name a report's CSV is saved under. */
export function reportCsvFileName(name: ReportName, from: string, to: string): string {
  return `parstock-${name}-${from}-to-${to}.csv`;
}
