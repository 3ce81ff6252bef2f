import { parseInput } from '@bff/http/parse-input.ts';
import { recordIdSchema } from '@engine/admin-id-schemas.ts';

/** The `:id` of an admin path as a number; a malformed one is a 400 naming the field. */
export function parseRecordId(raw: unknown, name = 'id'): number {
  return parseInput(recordIdSchema(name), raw);
}
