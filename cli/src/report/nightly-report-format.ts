import type { NightlyReportRow, NightlyReportTotals } from '@engine/nightly-report.ts';
import { toCsv } from '@engine/order-csv.ts';

export const NIGHTLY_REPORT_FORMATS = ['md', 'csv'] as const;
export type NightlyReportFormat = (typeof NIGHTLY_REPORT_FORMATS)[number];

const quantity = (n: number) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100));

function reportDate(rows: readonly NightlyReportRow[]): string {
  const dates = [...new Set(rows.map((r) => r.businessDate))].sort();
  if (dates.length <= 1) return dates[0] ?? '';
  return `yesterday in each café's time zone (${dates[0]} to ${dates[dates.length - 1]})`;
}

/** When the count was finished, on the café's clock: the time alone on its own business day, else date and time. */
function completedText(row: NightlyReportRow): string {
  if (row.status === 'missing') return 'missing';
  if (row.status === 'started' || !row.completedAtLocal) return 'started, not completed';
  const at = row.completedAtLocal.startsWith(row.businessDate)
    ? row.completedAtLocal.slice(11)
    : row.completedAtLocal;
  return `completed ${at}${row.completedBy ? ` by ${row.completedBy}` : ''}`;
}

function varianceText(row: NightlyReportRow): string {
  if (row.squareVariance === null) return row.varianceNote ?? 'n/a';
  const partial =
    row.squareItemsCompared < row.itemsCounted
      ? ` (${row.squareItemsCompared} of ${row.itemsCounted} items)`
      : '';
  return `${quantity(row.squareVariance)}${partial}`;
}

const belowParItem = (b: { product: string; count: number; par: number }) =>
  `${b.product} ${quantity(b.count)} of ${quantity(b.par)}`;

// A pipe inside a cell would end it; line breaks would end the row.
const mdCell = (text: string) => text.replaceAll('|', '\\|').replace(/\s*[\r\n]+\s*/g, ' ');

export function totalsSentence(totals: NightlyReportTotals): string {
  const cafes = totals.locations === 1 ? 'café' : 'cafés';
  return `${totals.completed} of ${totals.locations} ${cafes} completed their nightly count · ${totals.started} started but not completed · ${totals.missing} missing`;
}

/**
 * `firstOpenedOn`: when no café has a day to report although some are open (a chain set up today, each café's
 * yesterday before its first), the day the first opened, so the report says when its first day comes.
 */
export function nightlyReportMarkdown(
  rows: readonly NightlyReportRow[],
  totals: NightlyReportTotals,
  firstOpenedOn?: string,
): string {
  if (rows.length === 0 && firstOpenedOn) {
    return `# Nightly counts\n\nNo café has a full day behind it yet: the first opened on ${firstOpenedOn}, so the first nightly report is for that day, once it is over.\n`;
  }
  if (rows.length === 0) return '# Nightly counts\n\nNo active locations.\n';
  const lines = [
    `# Nightly counts — ${reportDate(rows)}`,
    '',
    totalsSentence(totals),
    '',
    '| Café | Business date | Nightly count | Items counted | Below PAR | Variance vs Square |',
    '| --- | --- | --- | ---: | ---: | --- |',
    ...rows.map(
      (row) =>
        `| ${[
          `${row.locationCode} ${row.locationName}`,
          row.businessDate,
          completedText(row),
          `${row.itemsCounted} of ${row.itemsExpected}`,
          row.belowPar === null ? '—' : String(row.belowPar.length),
          varianceText(row),
        ]
          .map(mdCell)
          .join(' | ')} |`,
    ),
  ];
  const below = rows.filter((row) => row.belowPar && row.belowPar.length > 0);
  if (below.length > 0) {
    lines.push('', '## Below PAR', '');
    for (const row of below) {
      lines.push(
        `- **${mdCell(`${row.locationCode} ${row.locationName}`)}**: ${mdCell((row.belowPar ?? []).map(belowParItem).join(', '))}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

export const NIGHTLY_REPORT_CSV_HEADER = [
  'location_code',
  'location_name',
  'business_date',
  'status',
  'completed_at',
  'completed_by',
  'items_counted',
  'items_expected',
  'below_par',
  'below_par_items',
  'square_variance',
  'square_items_compared',
  'square_note',
] as const;

/** One row per café; empty cells where there is no figure, and square_note says why. */
export function nightlyReportCsv(rows: readonly NightlyReportRow[]): string {
  return toCsv(
    NIGHTLY_REPORT_CSV_HEADER,
    rows.map((row) => [
      row.locationCode,
      row.locationName,
      row.businessDate,
      row.status,
      row.completedAt,
      row.completedBy,
      row.itemsCounted,
      row.itemsExpected,
      row.belowPar === null ? null : row.belowPar.length,
      row.belowPar === null ? null : row.belowPar.map(belowParItem).join('; '),
      row.squareVariance,
      row.squareItemsCompared,
      row.varianceNote,
    ]),
  );
}
