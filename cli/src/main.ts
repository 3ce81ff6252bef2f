#!/usr/bin/env bun
import { CommanderError } from 'commander';
import { CliError } from './cli-error.ts';
import { createProgram } from './program.ts';

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
