import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { CliError, printable } from '@cli/cli-error.ts';
import { describeConnection, requireMigrated, withDatabase } from '@cli/database.ts';
import {
  type ParImportProgress,
  ParImportRejectedError,
  ParImportRequestError,
  runParImport,
} from '@cli/par-import/run-par-import.ts';
import { ParImportProgressView, ParImportSummary } from '@cli/ui/par-import-views.tsx';
import { renderProgressTask } from '@cli/ui/render-progress-task.tsx';
import type { ConnectionConfig } from '@db/connection-config.ts';
import { ParImportConflictError } from '@db/repositories/par-import.ts';
import {
  NotUtf8TextError,
  notCsvTextReason,
  StrictUtf8Decoder,
  TEXT_CHECK_BYTES,
} from '@engine/csv-text-file.ts';
import type { ParImportProblem } from '@engine/par-import-rows.ts';

export interface ParsImportOptions {
  location?: string;
  dryRun?: boolean;
  overrideLocks?: boolean;
  as?: string;
}

/** The reasons a person can act on, in words; anything else keeps the system's own message. */
const UNREADABLE: Readonly<Record<string, (file: string) => string>> = {
  ENOENT: (file) => `No such file: ${file}`,
  EISDIR: (file) => `Cannot read ${file}: it is a folder; name the CSV file in it`,
  EACCES: (file) => `Cannot read ${file}: no permission to read it`,
};

function cannotRead(file: string, error: unknown): CliError {
  const reason = UNREADABLE[(error as NodeJS.ErrnoException).code ?? ''];
  return new CliError(reason ? reason(file) : `Cannot read ${file}: ${(error as Error).message}`);
}

/** Problems listed one per line on a terminal; past this many the rest are counted. */
const PROBLEMS_LISTED = 50;

/**
 * `line 7: …` for each problem, each line escaped. On a terminal only the first PROBLEMS_LISTED, then how many
 * more there are; sent to a file (`2> problems.txt`) or another program, every one, to fix the file from.
 */
export function problemLines(problems: readonly ParImportProblem[], toTerminal: boolean): string {
  const listed = problems
    .slice(0, toTerminal ? PROBLEMS_LISTED : problems.length)
    .map((p) => `line ${p.line}: ${printable(p.message)}\n`)
    .join('');
  const more = toTerminal ? problems.length - PROBLEMS_LISTED : 0;
  return more > 0 ? `${listed}… and ${more.toLocaleString('en-US')} more problems\n` : listed;
}

/**
 * The file as text pieces, read as the import asks for them: a file of any length is imported in bounded memory.
 * Opened and its start checked here, before the database, so a missing file or one that is not CSV text (a
 * workbook, a program) is reported first, in words, instead of its bytes being quoted as a bad header.
 */
async function openCsv(file: string): Promise<AsyncIterable<string>> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw cannotRead(file, error);
  }
  try {
    const start = new Uint8Array(TEXT_CHECK_BYTES);
    const { bytesRead } = await handle.read(start, 0, TEXT_CHECK_BYTES, 0);
    const reason = notCsvTextReason(start.subarray(0, bytesRead), bytesRead < TEXT_CHECK_BYTES);
    if (reason) throw new CliError(`Cannot import ${file}: ${reason}`);
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error instanceof CliError ? error : cannotRead(file, error);
  }
  return (async function* pieces() {
    // The start was only a sample: a byte that is not UTF-8 further on must stop the import by name too, not
    // become U+FFFD in a product name. The decoder joins a character split between two reads.
    const decoder = new StrictUtf8Decoder();
    const stream = handle.createReadStream({ highWaterMark: 256 * 1024, start: 0 });
    try {
      for await (const chunk of stream) yield decoder.decode(chunk as Buffer);
      yield decoder.decode(new Uint8Array(0), true);
    } catch (error) {
      if (error instanceof NotUtf8TextError) throw new CliError(`Cannot import ${file}: ${error.reason}`);
      throw cannotRead(file, error);
    } finally {
      stream.destroy();
      await handle.close().catch(() => undefined);
    }
  })();
}

export async function parsImport(
  config: ConnectionConfig,
  file: string,
  options: ParsImportOptions,
): Promise<void> {
  // Refused before the file is read or the database opened: the flag alone must never change a locked PAR.
  if (options.overrideLocks && !options.as) {
    throw new CliError(
      '--override-locks needs --as ADMIN_EMAIL: the admin who takes responsibility for changing locked PARs.',
    );
  }
  const csvText = await openCsv(file);
  const source = basename(file);
  const dryRun = Boolean(options.dryRun);
  const database = describeConnection(config);
  const title = dryRun ? `Checking ${source} (dry run)` : `Importing PARs from ${source}`;

  try {
    await renderProgressTask<Awaited<ReturnType<typeof runParImport>>, ParImportProgress>(
      (report) =>
        withDatabase(config, async (db) => {
          await requireMigrated(db);
          return runParImport(
            db,
            {
              csvText,
              source,
              defaultLocation: options.location,
              dryRun,
              overrideLocks: Boolean(options.overrideLocks),
              actorEmail: options.as,
            },
            report,
          );
        }),
      (progress) => <ParImportProgressView title={title} progress={progress} dryRun={dryRun} />,
      (result) => <ParImportSummary result={result} database={database} />,
    );
  } catch (error) {
    if (error instanceof ParImportRejectedError) {
      // Bad rows on their own lines, so a file can be fixed in one pass; on a terminal a file with more is wrong as
      // a whole (the wrong columns, a wrong export) and listing every row would only flood it.
      process.stderr.write(problemLines(error.problems, process.stderr.isTTY === true));
      const hint = error.problems.some((p) => p.code === 'locked_par')
        ? ' Locked PARs change only with --override-locks --as ADMIN_EMAIL.'
        : '';
      throw new CliError(`${source}: ${error.message}${hint}`);
    }
    if (error instanceof ParImportRequestError || error instanceof ParImportConflictError) {
      throw new CliError(error.message);
    }
    throw error;
  }
}
