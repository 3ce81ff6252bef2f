import { z } from 'zod';

/** Ids are PostgreSQL `integer`s; a larger number is no id of ours and must not reach the database. */
export const MAX_RECORD_ID = 2_147_483_647;

export interface IdMessages {
  /** The value is missing or not a number (or digits); a function may tell the two apart. */
  type?: string | ((issue: { input: unknown }) => string);
  notWhole?: string;
  notPositive?: string;
  tooLarge?: string;
}

function idNumber(label: string, messages: IdMessages) {
  // `max` before `int`: an overlong run of digits becomes Infinity, which is "too large", not "fractional".
  return z
    .number({ error: messages.type ?? `${label} must be a number` })
    .max(MAX_RECORD_ID, messages.tooLarge ?? `${label} is too large`)
    .int(messages.notWhole ?? `${label} must be a whole number`)
    .positive(messages.notPositive ?? `${label} must be a positive number`);
}

/** A record id in a JSON body: a whole number from 1 to 2147483647. */
export function bodyId(label: string, messages: IdMessages = {}) {
  return idNumber(label, messages);
}

/**
 * A record id from a path or a query string (or a JSON number): plain digits only. ` 1`, `+1`, `01`,
 * `1.0` and `1e3` are not ids: each would otherwise name record 1 (or 1000) under another spelling.
 */
export function textId(label: string, messages: IdMessages = {}) {
  const notWhole = messages.notWhole ?? `${label} must be a whole number`;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d+$/, notWhole)
          // No `abort` in this branch: the union reports an aborted branch as "not a number" instead.
          .refine((value) => !/^0\d/.test(value), `${label} must be written without leading zeros`)
          .refine((value) => value.length <= 10, messages.tooLarge ?? `${label} is too large`),
      ],
      { error: messages.type ?? `${label} is required and must be a number` },
    )
    .transform(Number)
    .pipe(idNumber(label, messages));
}
