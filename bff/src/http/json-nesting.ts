/**
 * How deep lists and objects may nest in a request body. Every body the API takes nests four or five deep; the
 * limit leaves room. Refused before parsing, because a deeply nested body that passed the parse would cost far
 * more later: describing why it fails a schema grows with the square of its depth (a 60 KB body of 30,000
 * nested lists held the server's only thread for close to a minute).
 */
export const MAX_JSON_NESTING = 32;

const OPEN_LIST = 91; // [
const OPEN_OBJECT = 123; // {
const CLOSE_LIST = 93; // ]
const CLOSE_OBJECT = 125; // }
const QUOTE = 34; // "
const BACKSLASH = 92; // \

/** Whether `text`, read as JSON, opens lists and objects more than `limit` deep; brackets inside strings do not count. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === BACKSLASH) at++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_LIST || code === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_LIST || code === CLOSE_OBJECT) depth--;
  }
  return false;
}
