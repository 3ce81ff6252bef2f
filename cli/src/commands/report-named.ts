import { CliError } from '@cli/cli-error.ts';
import { requireMigrated, withDatabase } from '@cli/database.ts';
import { parseDateOption } from '@cli/date-option.ts';
import { writeOutput } from '@cli/output/output-target.ts';
import type { ConnectionConfig } from '@db/connection-config.ts';
import { loadReport } from '@db/repositories/reports/run-report.ts';
import { resolveDistrictNames, resolveLocationCodes, UserAdminError } from '@db/repositories/user-admin.ts';
import { reportCsv } from '@engine/reports/report-csv.ts';
import type { ReportName } from '@engine/reports/report-definitions.ts';
import { reportQuerySchema } from '@engine/reports/report-query.ts';

export const NAMED_REPORT_FORMATS = ['csv', 'json'] as const;

export interface NamedReportOptions {
  from: string;
  to: string;
  location?: string[];
  district?: string;
  format: string;
  out?: string;
}

/**
 * `parstock report <name>`: the Navigator's report for every café, closed ones included (decision 103), or the
 * named ones, as the CSV the screen downloads — the same formatter, so the same bytes — or as the route's JSON.
 */
export async function reportNamed(
  config: ConnectionConfig,
  name: ReportName,
  options: NamedReportOptions,
): Promise<void> {
  if (!(NAMED_REPORT_FORMATS as readonly string[]).includes(options.format)) {
    throw new CliError(
      `Unknown format '${options.format}'. Valid formats: ${NAMED_REPORT_FORMATS.join(', ')}`,
    );
  }
  const codes = options.location ?? [];
  if (codes.length > 0 && options.district)
    throw new CliError('Name cafés (--location) or a --district, not both.');
  // Each day read as `counts export` reads it, so a typo is named with its option in the same words.
  const range = reportQuerySchema.safeParse({
    from: parseDateOption('--from', options.from),
    to: parseDateOption('--to', options.to),
  });
  if (!range.success) throw new CliError(range.error.issues.map((issue) => issue.message).join('; '));

  await withDatabase(config, async (db) => {
    await requireMigrated(db);
    let locationIds: number[] | undefined;
    let districtId: number | undefined;
    try {
      if (codes.length) locationIds = await resolveLocationCodes(db, codes);
      if (options.district) [districtId] = await resolveDistrictNames(db, [options.district]);
    } catch (error) {
      if (error instanceof UserAdminError) throw new CliError(error.message);
      throw error;
    }
    const report = await loadReport(db, name, null, { ...range.data, locationIds, districtId });
    const text =
      options.format === 'csv' ? reportCsv(name, report.rows) : `${JSON.stringify(report, null, 2)}\n`;
    await writeOutput(options.out, (out) => out.write(text));
  });
}
