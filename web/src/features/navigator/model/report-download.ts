import { reportCsv, reportCsvFileName } from '@engine/reports/report-csv.ts';
import type { ReportName, ReportResponse } from '@engine/reports/report-definitions.ts';

/** The CSV the Navigator downloads: engine's one formatter over the rows the table shows (same as the CLI). */
export function reportCsvText<N extends ReportName>(report: ReportResponse<N>): string {
  return reportCsv(report.report, report.rows);
}

/** Saves the report's CSV through a temporary link, so the file is exactly the table on screen. */
export function downloadReportCsv<N extends ReportName>(report: ReportResponse<N>): void {
  const blob = new Blob([reportCsvText(report)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = reportCsvFileName(report.report, report.from, report.to);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers read the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
