/**
 * The District Ops Tracker's CSV export: one row per café with exactly the grid's figures and colours, so a
 * district manager can keep a day's picture or compare days in a spreadsheet.
 */

import type { OpsTrackerRow } from './ops-tracker-schemas.ts';
import { toCsv } from './order-csv.ts';

export const OPS_TRACKER_CSV_HEADER = [
  'District',
  'Café',
  'Code',
  'Business date',
  'Inventory count',
  'Last count completed',
  'Products counted',
  'Products listed',
  'Nightly count',
  'Nightly count completed',
  'Tasks',
  'Tasks done',
  'Tasks due',
  'Tasks overdue',
  'Tasks done late',
  'Awaiting approval',
  'Orders waiting',
  'Oldest waiting since',
  'Last order',
  'Last order submitted',
  'PARs never set',
  'Products without a PAR',
] as const;

export function opsTrackerCsv(rows: readonly OpsTrackerRow[]): string {
  return toCsv(
    OPS_TRACKER_CSV_HEADER,
    rows.map((row) => [
      row.district.name,
      row.location.name,
      row.location.code,
      row.businessDate,
      row.signals.count,
      row.lastCountAt,
      row.lastCountProducts?.counted ?? null,
      row.lastCountProducts?.listed ?? null,
      row.signals.nightly,
      row.nightly.completedAt,
      row.signals.tasks,
      row.tasks.done,
      row.tasks.total,
      row.tasks.overdue,
      row.tasks.late,
      row.signals.approvals,
      row.approvals.waiting,
      row.approvals.oldestAt,
      row.signals.lastOrder,
      row.lastOrderAt,
      row.signals.pars,
      row.parsNotSet,
    ]),
  );
}
