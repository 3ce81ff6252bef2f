import { type FileHandle, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { CliError } from '@cli/cli-error.ts';

/** Where a command's data goes: stdout, or a file that appears only once it is complete. */
export interface OutputTarget {
  write(text: string): Promise<void>;
  /** Makes the output final: flushes stdout, or moves the finished file into place. */
  finish(): Promise<void>;
  /** Drops a half-written file, so a failed cron run never leaves a truncated report behind. */
  abort(): Promise<void>;
}

function stdoutTarget(): OutputTarget {
  return {
    // Waiting for each write keeps a large export into a slow pipe from piling up in memory.
    write: (text) =>
      new Promise<void>((resolvePromise, reject) =>
        process.stdout.write(text, (error) => (error ? reject(error) : resolvePromise())),
      ),
    finish: async () => {},
    abort: async () => {},
  };
}

/** Why the file's folder takes no file, in words a person can act on; anything else keeps the system's message. */
const UNWRITABLE: Readonly<Record<string, (folder: string) => string>> = {
  ENOENT: (folder) => `the folder ${folder} does not exist`,
  EACCES: (folder) => `no permission to write in ${folder}`,
};

async function fileTarget(path: string): Promise<OutputTarget> {
  const finalPath = resolve(path);
  // Written beside the final file (same file system), then renamed: readers see the old file or the new one.
  const partial = join(dirname(finalPath), `.${basename(finalPath)}.${process.pid}.partial`);
  // Checked before any work: the move into place at the end would fail only after the whole export.
  if ((await stat(finalPath).catch(() => null))?.isDirectory()) {
    throw new CliError(`Cannot write ${path}: it is a folder; name a file in it`);
  }
  let handle: FileHandle;
  try {
    handle = await open(partial, 'w');
  } catch (error) {
    const inWords = UNWRITABLE[(error as NodeJS.ErrnoException).code ?? ''];
    throw new CliError(`Cannot write ${path}: ${inWords?.(dirname(finalPath)) ?? (error as Error).message}`);
  }
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  return {
    write: async (text) => {
      await handle.write(text);
    },
    finish: async () => {
      await close();
      await rename(partial, finalPath);
    },
    abort: async () => {
      await close();
      await rm(partial, { force: true });
    },
  };
}

export async function openOutput(path: string | undefined): Promise<OutputTarget> {
  return path ? fileTarget(path) : stdoutTarget();
}

/** Runs `work` against the output and finishes it, or drops it if `work` fails. */
export async function writeOutput<T>(
  path: string | undefined,
  work: (out: OutputTarget) => Promise<T>,
): Promise<T> {
  const out = await openOutput(path);
  try {
    const result = await work(out);
    await out.finish();
    return result;
  } catch (error) {
    await out.abort();
    throw error;
  }
}
