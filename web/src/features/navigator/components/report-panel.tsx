import { REPORTS, type ReportName, type ReportResponse } from '@engine/reports/report-definitions.ts';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button.tsx';
import { ReadFailed } from '@web/components/ui/read-failed.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { Download } from 'lucide-react';
import { reportQuery } from '../api/report-query.ts';
import type { NavigatorView } from '../model/navigator-search.ts';
import { coveredCafes } from '../model/report-cafes.ts';
import { downloadReportCsv } from '../model/report-download.ts';
import { ParHealthTable } from './par-health-table.tsx';
import { ReportChart } from './report-chart.tsx';
import { ReportTable } from './report-table.tsx';

const EMPTY: Record<ReportName, string> = {
  'inventory-value': 'No count was completed at these cafés in this range.',
  usage: 'No count was completed at these cafés in this range, so there is no usage to measure.',
  'order-spend': 'No order was submitted at these cafés in this range.',
  'count-compliance': 'This range covers no week at these cafés.',
  'nightly-variance':
    'No nightly count in this range has Square’s figure beside it: Square is not connected for these cafés, or was not read.',
  'par-health': 'No product has a PAR above zero at these cafés.',
};

// PAR health reads open cafés only: a closed café has no PARs to set (decision 103).
const PAR_HEALTH_CLOSED = 'PAR health covers open cafés only: a closed café has no PARs to set.';

/**
 * One report for one view: loading, failed (with Try again), empty, or its chart, table and CSV. Never a
 * zero or an empty chart in place of a read it does not have (decision 026).
 */
export function ReportPanel({ view }: { view: NavigatorView }) {
  const query = useQuery(reportQuery(view.report, view));
  const definition = REPORTS[view.report];
  if (query.data === undefined) {
    if (query.isError || query.failureCount > 0) {
      return (
        <ReadFailed
          title={`${definition.title} could not load`}
          error={query.error}
          onRetry={query.refetch}
        />
      );
    }
    return (
      <div className="flex justify-center py-16">
        <Spinner label={`Loading ${definition.title.toLowerCase()}`} showLabel />
      </div>
    );
  }
  const report = query.data as ReportResponse<ReportName>;
  return (
    <div className="grid min-w-0 gap-4" aria-busy={query.isFetching}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-lg font-medium">{definition.title}</h2>
          <p className="text-sm text-muted-foreground">
            {definition.summary} {report.from} to {report.to}, {coveredCafes(report.locations)}.
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={report.rows.length === 0}
          onClick={() => downloadReportCsv(report)}
        >
          <Download aria-hidden />
          Download CSV
        </Button>
      </div>
      {query.isError ? (
        <ReadFailed
          title="The report could not refresh; these are the figures it last had"
          error={query.error}
          onRetry={query.refetch}
        />
      ) : null}
      {report.rows.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground">
          {report.locations.length === 0 && view.report === 'par-health'
            ? PAR_HEALTH_CLOSED
            : EMPTY[view.report]}
        </p>
      ) : (
        <>
          <figure
            className="m-0 grid gap-1"
            aria-label={`${definition.title} chart; the table below holds its figures`}
          >
            <ReportChart report={report} />
          </figure>
          {report.report === 'par-health' ? (
            <ParHealthTable rows={report.rows as ReportResponse<'par-health'>['rows']} />
          ) : (
            <ReportTable name={report.report as ReportName} rows={report.rows} />
          )}
        </>
      )}
    </div>
  );
}
