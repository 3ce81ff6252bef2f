import { CliError } from '@cli/cli-error.ts';
import { describeConnection, requireMigrated, withDatabase } from '@cli/database.ts';
import { parseDateOption } from '@cli/date-option.ts';
import { writeOutput } from '@cli/output/output-target.ts';
import {
  NIGHTLY_REPORT_FORMATS,
  type NightlyReportFormat,
  nightlyReportCsv,
  nightlyReportMarkdown,
  totalsSentence,
} from '@cli/report/nightly-report-format.ts';
import { renderTask } from '@cli/ui/render-task.tsx';
import { WrittenSummary } from '@cli/ui/written-summary.tsx';
import type { ConnectionConfig } from '@db/connection-config.ts';
import { listReportLocations, loadNightlyReportInputs } from '@db/repositories/nightly-report.ts';
import { businessDateIn } from '@engine/business-date.ts';
import { buildNightlyReportRow, previousBusinessDate, totalNightlyReport } from '@engine/nightly-report.ts';

export interface ReportNightlyOptions {
  date?: string;
  format: string;
  out?: string;
}

/**
 * The nightly-count report for every active café. Meant for cron: any failure (a bad date, an unreachable
 * database) exits non-zero and leaves no file; cafés that skipped their count are findings, not failures.
 */
export async function reportNightly(
  config: ConnectionConfig,
  options: ReportNightlyOptions,
  now: Date = new Date(),
): Promise<void> {
  const date = parseDateOption('--date', options.date);
  if (!(NIGHTLY_REPORT_FORMATS as readonly string[]).includes(options.format)) {
    throw new CliError(
      `Unknown format '${options.format}'. Valid formats: ${NIGHTLY_REPORT_FORMATS.join(', ')}`,
    );
  }
  const format = options.format as NightlyReportFormat;

  const run = () =>
    withDatabase(config, async (db) => {
      await requireMigrated(db);
      const locations = await listReportLocations(db);
      // A day still running, or to come, would show every café that has not counted yet as missing.
      const running = date
        ? locations.find((location) => date >= businessDateIn(now, location.timezone))
        : undefined;
      if (date && running) {
        throw new CliError(
          `${date} has not ended at ${running.name} (${running.timezone}): the nightly report is for a day that is over. Leave out --date for each café's last full day.`,
        );
      }
      // A café owes no nightly count for a day before its first: it is left out, not called missing.
      const days = locations
        .map((location) => ({ location, businessDate: date ?? previousBusinessDate(now, location.timezone) }))
        .filter((day) => day.businessDate >= day.location.openedOn);
      const first = locations.map((location) => location.openedOn).sort()[0];
      if (date && days.length === 0 && first) {
        throw new CliError(`No café was open on ${date}: the first opened on ${first}.`);
      }
      const rows = (await loadNightlyReportInputs(db, days)).map(buildNightlyReportRow);
      const totals = totalNightlyReport(rows);
      const text = format === 'md' ? nightlyReportMarkdown(rows, totals, first) : nightlyReportCsv(rows);
      await writeOutput(options.out, (out) => out.write(text));
      return { totals, dates: [...new Set(rows.map((r) => r.businessDate))].sort() };
    });

  if (!options.out) {
    await run();
    return;
  }
  const database = describeConnection(config);
  await renderTask('Writing the nightly report', run, ({ totals, dates }) => (
    <WrittenSummary
      headline={`Wrote the nightly report for ${dates.join(', ') || 'no cafés'} to ${options.out}`}
      details={[totalsSentence(totals)]}
      database={database}
    />
  ));
}
