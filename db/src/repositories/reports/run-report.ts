import type { Db } from '@db/client.ts';
import type { ReportName, ReportRow } from '@engine/reports/report-definitions.ts';
import { countComplianceReport } from './count-compliance-report.ts';
import { inventoryValueReport } from './inventory-value-report.ts';
import { orderSpendReport } from './order-spend-report.ts';
import type { ReportRange } from './report-range.ts';
import { usageReport } from './usage-report.ts';

const RUNNERS: { [N in ReportName]: (db: Db, range: ReportRange) => Promise<ReportRow<N>[]> } = {
  'inventory-value': inventoryValueReport,
  usage: usageReport,
  'order-spend': orderSpendReport,
  'count-compliance': countComplianceReport,
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
