import { EMPTY_BODY_MESSAGE } from '@bff/errors/validation-message.ts';
import { payloadTooLargeMessage } from '@engine/endpoints/body-limits.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { MAX_JSON_NESTING, nestsDeeperThan } from './json-nesting.ts';

/** `application/json`, with or without parameters such as `; charset=utf-8`. */
export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  return (value.split(';')[0] ?? '').trim().toLowerCase() === 'application/json';
}

/**
 * A charset other than UTF-8 named in the content type: JSON is UTF-8 (RFC 8259), and reading `café` sent as Latin-1
 * as UTF-8 would store `caf\uFFFD`. Null when none is named or it is UTF-8.
 */
function otherCharset(contentType: string | null): string | null {
  for (const parameter of (contentType ?? '').split(';').slice(1)) {
    const [name, value = ''] = parameter.split('=');
    if (name?.trim().toLowerCase() !== 'charset') continue;
    const charset = value.trim().replace(/^"|"$/g, '').toLowerCase();
    return charset === 'utf-8' || charset === 'utf8' ? null : charset;
  }
  return null;
}

/** A body sent compressed, which the server does not unpack: read as it is, it would be refused as not JSON. */
function encoded(request: Request): string | null {
  const encoding = request.headers.get('content-encoding')?.trim().toLowerCase();
  return encoding && encoding !== 'identity' ? encoding : null;
}

function tooLarge(limit: number): AppError {
  return new AppError('payload_too_large', payloadTooLargeMessage(limit));
}

/**
 * The body's bytes, refusing with 413 as soon as they pass `limit`: a declared Content-Length over the
 * limit is refused before a byte is read, and a body without one (chunked) is counted as it streams in,
 * so at most `limit` bytes plus one chunk are ever held.
 */
export async function readBoundedBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Stop the upload rather than drain it; the answer does not wait for the rest to arrive.
      reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

const DECIMAL = /^\d+$/;
/**
 * One decoder for every body: decoding keeps no state between calls of `decode` without `stream`. Fatal, so bytes
 * that are not UTF-8 are refused rather than stored as replacement characters.
 */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw AppError.validation('The request body is not UTF-8 text. Send JSON encoded as UTF-8.');
  }
}

/**
 * A key no request of the API has, and which JSON.parse keeps as an own property that validation then drops
 * without a word (an order version under it would go unchecked). Looked for only when the text holds the word.
 */
function refuseProtoKeys(text: string, parsed: unknown): unknown {
  if (!text.includes('__proto__')) return parsed;
  JSON.parse(text, (key, value) => {
    if (key === '__proto__')
      throw AppError.validation('The request names a field __proto__, which no request has.');
    return value;
  });
  return parsed;
}

/**
 * The body's text when the request declares its length and no other framing: refused with 413 before a byte is
 * read when that is over `limit`, else read whole. The server frames such a body by its Content-Length, so it is
 * never longer; should a caller of `app.handle` hand in a longer one, it is still refused. Read whole, natively,
 * instead of chunk by chunk through a reader of its stream: that reader was about a fifth of the server's time on a
 * save (bench/README.md).
 * Null when the body is not framed that way (chunked), for `readBoundedBytes` to count as it streams in.
 */
async function readDeclaredText(request: Request, limit: number): Promise<string | null> {
  const declared = request.headers.get('content-length');
  if (declared === null || !DECIMAL.test(declared) || request.headers.has('transfer-encoding')) return null;
  if (Number(declared) > limit) throw tooLarge(limit);
  const bytes = await request.bytes();
  if (bytes.byteLength > limit) throw tooLarge(limit);
  return decodeUtf8(bytes);
}

/**
 * A JSON route's body: refused with 415 when it is not declared as JSON, 413 when it is larger than the
 * route reads, 400 when it is empty, not JSON or nested deeper than any request of the API. Parsed only after it
 * was read within its limit.
 */
export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  const empty = request.body === null || request.headers.get('content-length') === '0';
  const contentType = request.headers.get('content-type');
  if (!empty && !isJsonContentType(contentType)) {
    throw new AppError('unsupported_media_type');
  }
  const charset = empty ? null : otherCharset(contentType);
  if (charset !== null) {
    throw new AppError(
      'unsupported_media_type',
      `Send the request body as JSON encoded as UTF-8, not ${charset}: Content-Type: application/json.`,
    );
  }
  const encoding = empty ? null : encoded(request);
  if (encoding !== null) {
    throw new AppError(
      'unsupported_media_type',
      `Send the request body uncompressed: the server does not unpack ${encoding} request bodies.`,
    );
  }
  const text = empty
    ? ''
    : ((await readDeclaredText(request, limit)) ?? decodeUtf8(await readBoundedBytes(request, limit)));
  if (text.trim() === '') throw AppError.validation(EMPTY_BODY_MESSAGE);
  if (nestsDeeperThan(text, MAX_JSON_NESTING)) {
    throw AppError.validation(`The request nests lists and objects more than ${MAX_JSON_NESTING} deep.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('invalid_json');
  }
  return refuseProtoKeys(text, parsed);
}
