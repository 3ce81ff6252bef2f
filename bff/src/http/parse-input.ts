import { describeIssues } from '@bff/errors/validation-message.ts';
import { AppError } from '@engine/errors/app-error.ts';
import type { z } from 'zod';

/** Parses request input with an engine schema; a failure is a 400 whose message names the first problem. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const details = describeIssues(result.error.issues);
  throw AppError.validation(details[0]?.message ?? 'The request is not valid.', details);
}
