import { businessDateSchema } from '@engine/nightly-report.ts';
import { CliError } from './cli-error.ts';

/** A YYYY-MM-DD option, checked before the database opens so a typo fails at once; null when not given. */
export function parseDateOption(option: string, value: string | undefined): string | null {
  if (value === undefined) return null;
  const parsed = businessDateSchema.safeParse(value);
  if (!parsed.success) throw new CliError(`${option}: ${parsed.error.issues[0]?.message ?? 'not a date'}`);
  return parsed.data;
}
