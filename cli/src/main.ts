#!/usr/bin/env bun
import { CommanderError } from 'commander';
import { CliError, printable } from './cli-error.ts';
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
    // A CliError is one line by design, and what it quotes from a file stays in it (escaped); another error's
    // later lines are the system's detail.
    const line = error instanceof CliError ? message : (message.split('\n')[0] ?? '');
    process.stderr.write(`error: ${printable(line)}\n`);
    process.exitCode = error instanceof CliError ? error.exitCode : 1;
  }
}
