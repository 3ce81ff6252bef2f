import { recordIdSchema } from '../../../../engine/src/admin-id-schemas.ts';
import { parseInput } from '../../http/parse-input.ts';

/** The `:id` of an admin path as a number; a malformed one is a 400 naming the field. */
export function parseRecordId(raw: unknown, name = 'id'): number {
  return parseInput(recordIdSchema(name), raw);
}
