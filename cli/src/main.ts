#!/usr/bin/env bun
import { CommanderError } from 'commander';
import { CliError } from './cli-error.ts';
import { createProgram } from './program.ts';

// `parstock counts export --all | head` closes stdout early; that ends the command quietly, as with any Unix tool.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

try {
  await createProgram().parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Commander has already printed its message (or the help / version text, with exit code 0).
    process.exitCode = error.exitCode;
  } else {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`error: ${message.split('\n')[0]}\n`);
    process.exitCode = error instanceof CliError ? error.exitCode : 1;
  }
}
