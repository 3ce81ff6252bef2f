import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { CliError } from '@cli/cli-error.ts';
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

/**
 * The file as text pieces, read as the import asks for them: a file of any length is imported in bounded memory.
 * Opened here, before the database, so a missing file is reported first.
 */
async function openCsv(file: string): Promise<AsyncIterable<string>> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw cannotRead(file, error);
  }
  return (async function* pieces() {
    // A UTF-8 character split between two reads is joined again by the stream's decoder.
    const stream = handle.createReadStream({ encoding: 'utf8', highWaterMark: 256 * 1024 });
    try {
      for await (const piece of stream) yield piece as string;
    } catch (error) {
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
      title,
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
      // Every bad row on its own line, so the whole file can be fixed in one pass (and `2> problems.txt` keeps them).
      process.stderr.write(error.problems.map((p) => `line ${p.line}: ${p.message}\n`).join(''));
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
