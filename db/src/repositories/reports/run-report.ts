import type { Db } from '@db/client.ts';
import { listReportCafes, type ScopeHolder } from '@db/repositories/locations.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { cafesCovered, reportReadsClosedCafes } from '@engine/reports/closed-cafes.ts';
import { REPORTS, type ReportName, type ReportRow } from '@engine/reports/report-definitions.ts';
import { tooManyRowsMessage } from '@engine/reports/report-query.ts';
import { countComplianceReport } from './count-compliance-report.ts';
import { inventoryValueReport } from './inventory-value-report.ts';
import { nightlyVarianceReport } from './nightly-variance-report.ts';
import { orderSpendReport } from './order-spend-report.ts';
import { parHealthReport } from './par-health-report.ts';
import type { ReportRange } from './report-range.ts';
import { usageReport } from './usage-report.ts';

const RUNNERS: { [N in ReportName]: (db: Db, range: ReportRange) => Promise<ReportRow<N>[]> } = {
  'inventory-value': inventoryValueReport,
  usage: usageReport,
  'order-spend': orderSpendReport,
  'count-compliance': countComplianceReport,
  'nightly-variance': nightlyVarianceReport,
  'par-health': parHealthReport,
};

/** A report's rows for cafés already resolved within scope: the server's route and the CLI both come here. */
export function runReport<N extends ReportName>(
  db: Db,
  name: N,
  range: ReportRange,
): Promise<ReportRow<N>[]> {
  if (range.locationIds.length === 0) return Promise.resolve([]);
  return (RUNNERS[name] as (db: Db, range: ReportRange) => Promise<ReportRow<N>[]>)(db, range);
}

/**
 * A whole report answer: the cafés resolved within `who`'s report scope (null: every café, for the CLI's
 * administrator), closed ones of their reach included where the report reads them (decision 103), and their
 * rows. The route and `parstock report` both answer this, so their CSVs agree.
 */
export async function loadReport<N extends ReportName>(
  db: Db,
  name: N,
  who: ScopeHolder | null,
  query: {
    from: string;
    to: string;
    locationIds?: readonly number[];
    districtId?: number;
    now?: Date;
    /** Refuse (400) an answer longer than this: the screen's limit. */
    maxRows?: number;
  },
) {
  const cafes = await listReportCafes(db, who, query, { closedCafes: reportReadsClosedCafes(name) });
  const rows = await runReport(db, name, {
    locationIds: cafes.map((location) => location.id),
    from: query.from,
    to: query.to,
    now: query.now,
    rowLimit: query.maxRows === undefined ? undefined : query.maxRows + 1,
  });
  if (query.maxRows !== undefined && rows.length > query.maxRows) {
    const { title, rowsFollowRange } = REPORTS[name] as { title: string; rowsFollowRange?: boolean };
    throw AppError.validation(tooManyRowsMessage(title, query.maxRows, { rowsFollowRange }));
  }
  const locations = cafesCovered(cafes, rows, (query.locationIds?.length ?? 0) > 0, query.to).map(
    ({ openedOn: _openedOn, ...cafe }) => cafe,
  );
  return { report: name, from: query.from, to: query.to, locations, rows };
}
