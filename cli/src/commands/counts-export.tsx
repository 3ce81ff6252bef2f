import { CliError } from '@cli/cli-error.ts';
import {
  COUNT_EXPORT_FORMATS,
  CountExportEncoder,
  type CountExportFormat,
} from '@cli/counts-export/count-export-format.ts';
import { describeConnection, requireMigrated, withDatabase } from '@cli/database.ts';
import { parseDateOption } from '@cli/date-option.ts';
import { writeOutput } from '@cli/output/output-target.ts';
import { renderTask } from '@cli/ui/render-task.tsx';
import { WrittenSummary } from '@cli/ui/written-summary.tsx';
import type { Db } from '@db/client.ts';
import type { ConnectionConfig } from '@db/connection-config.ts';
import { exportCountPages, listAllLocationIds } from '@db/repositories/count-export.ts';
import { resolveLocationCodes, UserAdminError } from '@db/repositories/user-admin.ts';

export interface CountsExportOptions {
  location?: string[];
  all?: boolean;
  from?: string;
  to?: string;
  format: string;
  out?: string;
}

export interface CountExportTally {
  count: number;
  nightly: number;
}

function checkOptions(options: CountsExportOptions) {
  const codes = options.location ?? [];
  if (codes.length > 0 === Boolean(options.all)) {
    throw new CliError(
      codes.length > 0
        ? 'Name the cafés with --location CODE (repeatable) or take them all with --all, not both.'
        : 'Name the cafés: --location CODE (repeatable), or --all for every café.',
    );
  }
  if (!(COUNT_EXPORT_FORMATS as readonly string[]).includes(options.format)) {
    throw new CliError(
      `Unknown format '${options.format}'. Valid formats: ${COUNT_EXPORT_FORMATS.join(', ')}`,
    );
  }
  const from = parseDateOption('--from', options.from);
  const to = parseDateOption('--to', options.to);
  if (from && to && from > to) throw new CliError(`--from ${from} is after --to ${to}`);
  return { codes, from, to, format: options.format as CountExportFormat };
}

async function locationIds(db: Db, codes: readonly string[]): Promise<number[]> {
  if (codes.length === 0) return listAllLocationIds(db);
  try {
    return await resolveLocationCodes(db, codes);
  } catch (error) {
    if (error instanceof UserAdminError) throw new CliError(error.message);
    throw error;
  }
}

export async function countsExport(config: ConnectionConfig, options: CountsExportOptions): Promise<void> {
  const { codes, from, to, format } = checkOptions(options);
  const run = () =>
    withDatabase(config, async (db) => {
      await requireMigrated(db);
      const filter = { locationIds: await locationIds(db, codes), from, to };
      return writeOutput(options.out, async (out) => {
        const encoder = new CountExportEncoder(format);
        const tally: CountExportTally = { count: 0, nightly: 0 };
        await out.write(encoder.start());
        for await (const page of exportCountPages(db, filter)) {
          for (const row of page) tally[row.kind] += 1;
          await out.write(encoder.page(page));
        }
        await out.write(encoder.end());
        return tally;
      });
    });

  // Data on stdout stays clean for pipes; with --out there is room to say what was written.
  if (!options.out) {
    await run();
    return;
  }
  const database = describeConnection(config);
  const figure = (n: number) => n.toLocaleString('en-US');
  await renderTask(`Exporting counts to ${options.out}`, run, (tally) => (
    <WrittenSummary
      headline={`Exported ${figure(tally.count + tally.nightly)} counted items to ${options.out}`}
      details={[`${figure(tally.count)} from counts`, `${figure(tally.nightly)} from nightly counts`]}
      database={database}
    />
  ));
}
