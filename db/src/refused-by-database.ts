import { AppError } from '@engine/errors/app-error.ts';

/**
 * SQLSTATE classes of a statement the database refused because of its data, not because it is away:
 * class 22 (data exception: a value out of range, a NUL byte, text that is not valid JSON or UTF-8, a day
 * that does not exist) and class 23 (integrity constraint: a check, a foreign key, a unique index).
 * Engine's input primitives stop such values at the door; this is the net behind them, so a value they
 * miss is still a 4xx a person can act on, never a 500 that quotes SQL.
 */
const UNIQUE_OR_EXCLUSION = new Set(['23505', '23P01']);

function sqlState(error: unknown): string | null {
  if (!error || typeof error !== 'object' || error instanceof AppError) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
}

/** Whether the database refused a statement because of the values it was given (class 22 or 23). */
export function isRefusedByDatabase(error: unknown): boolean {
  const state = sqlState(error);
  return state !== null && (state.startsWith('22') || state.startsWith('23'));
}

/**
 * The answer for a statement the database refused because of its data: a unique clash is a 409 (someone
 * else holds that value, or saved at the same moment); any other is a 400. The message names no table,
 * column or value: those stay in the server's log. Null for any other error.
 */
export function refusedByDatabase(error: unknown): AppError | null {
  const state = sqlState(error);
  if (state === null || !isRefusedByDatabase(error)) return null;
  if (UNIQUE_OR_EXCLUSION.has(state)) {
    return new AppError(
      'conflict',
      'This clashes with something saved in the meantime. Reload and try again.',
    );
  }
  if (state.startsWith('23')) {
    return new AppError(
      'validation_failed',
      'This refers to something that does not exist or breaks a rule of the data. Check the values and try again.',
    );
  }
  return new AppError(
    'validation_failed',
    'A value in the request cannot be stored (out of range or not valid text). Check the values and try again.',
  );
}

/** What the server logs about such a refusal: the SQLSTATE and the database's own words, never sent out. */
export function describeDatabaseRefusal(error: unknown): string {
  const fields = error as { code?: string; message?: string; constraint?: string; constraint_name?: string };
  const constraint = fields.constraint_name ?? fields.constraint;
  return `SQLSTATE ${fields.code}: ${fields.message ?? ''}${constraint ? ` (constraint ${constraint})` : ''}`;
}

/**
 * postgres.js serialises some parameters itself (a timestamptz through `new Date(value).toISOString()`),
 * so a value PostgreSQL would refuse with a class-22 error throws a RangeError in the client instead. It
 * is the same refusal; it is given SQLSTATE 22000 (data exception) so it is answered the same way.
 */
export function asDataException(error: unknown): unknown {
  if (!(error instanceof RangeError)) return error;
  return Object.assign(new Error(`A parameter could not be sent to the database: ${error.message}`), {
    code: '22000',
    cause: error,
  });
}
