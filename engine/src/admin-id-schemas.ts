import { textId } from './input/record-id.ts';

/** A record id from a path or query string; a bad one is a 400 naming it, never a 500. */
export const recordIdSchema = (name: string) => textId(name);
