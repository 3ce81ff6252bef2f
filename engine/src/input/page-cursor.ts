import { z } from 'zod';
import { isCalendarDay } from './calendar.ts';

/**
 * Where a keyset page ended: the last row's time (to the microsecond, as text) and id. Opaque to clients.
 * Decoding is strict (a real instant, a safe id) so a forged cursor never reaches SQL as a bad cast; the
 * server then checks that the row it names exists, so a made-up cursor is refused rather than answered
 * with an empty page.
 */
export interface KeysetCursor {
  createdAt: string;
  id: number;
}

export const PAGE_CURSOR_MAX_LENGTH = 200;
export const INVALID_CURSOR_MESSAGE = 'cursor is not valid; start again from the first page';

export function encodeKeysetCursor(cursor: KeysetCursor): string {
  return btoa(`${cursor.createdAt}|${cursor.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const DECODED = /^((\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)\.\d{6}Z)\|([1-9]\d{0,15})$/;

/** The cursor, or null when the text is not one this server could have made. */
export function decodeKeysetCursor(text: string): KeysetCursor | null {
  if (text.length > PAGE_CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  let decoded: string;
  try {
    decoded = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const match = DECODED.exec(decoded);
  if (!match?.[1] || !match[8]) return null;
  if (!isCalendarDay(Number(match[2]), Number(match[3]), Number(match[4]))) return null;
  const id = Number(match[8]);
  if (!Number.isSafeInteger(id)) return null;
  return { createdAt: match[1], id };
}

/** The `cursor` query field: only the characters a cursor is made of; its content is checked on use. */
export function pageCursor(label = 'cursor') {
  return z
    .string({ error: `${label} is not valid` })
    .max(PAGE_CURSOR_MAX_LENGTH, `${label} is not valid`)
    .regex(/^[A-Za-z0-9_-]*$/, INVALID_CURSOR_MESSAGE.replace('cursor', label));
}
