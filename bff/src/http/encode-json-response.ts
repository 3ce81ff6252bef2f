import {
  COMPRESS_MIN_BYTES,
  type ContentEncoding,
  chooseEncoding,
  compressBytes,
  DYNAMIC_COMPRESS_MIN_BYTES,
  matchesIfNoneMatch,
  weakEtag,
} from './compression.ts';

/**
 * Reads the browser may keep and revalidate (decision 039): the chain's catalogue and category order, the same
 * for everyone allowed to read them and the bulk of a count screen's preload. Everything else of /api stays
 * `no-store`: answers per user and per café are not left in a shared device's disk cache.
 */
export const REVALIDATED_API_READS: ReadonlySet<string> = new Set([
  '/api/products',
  '/api/admin/category-order',
]);

/** `private`: only the signed-in browser's own cache; `no-cache`: asked again every time, answered 304 when unchanged. */
export const REVALIDATED_API_CACHE_CONTROL = 'private, no-cache';

declare const notModifiedBrand: unique symbol;
/** A 304 a revalidated read answers from its version alone; the one Response a JSON handler may return. */
export type NotModified = Response & { readonly [notModifiedBrand]: true };

/**
 * A revalidated read whose version is cheaper than its answer (the product list): the handler names the tag
 * (`set.headers.etag = tag`) before building the answer, or answers this 304 when the browser already holds it.
 */
export function readVersionTag(version: string): string {
  return `W/"${version}"`;
}

export function notModified(request: Request, etag: string): NotModified | null {
  if (!matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) return null;
  const headers = new Headers({
    etag,
    'cache-control': REVALIDATED_API_CACHE_CONTROL,
    vary: 'Accept-Encoding',
  });
  return new Response(null, { status: 304, headers }) as NotModified;
}

declare const encodedAs: unique symbol;
/**
 * An answer whose JSON text is already written (a café's compact inventory, written by the database, decision
 * 066): sent as it is instead of parsed and serialized again. `T` is the answer it holds, for the route's types.
 */
export class EncodedJson<T> {
  declare readonly [encodedAs]: T;
  constructor(readonly text: string) {}
}

const JSON_CONTENT_TYPE = 'application/json;charset=utf-8';

interface SharedEncoding {
  body: Buffer<ArrayBuffer>;
  compressed: Map<ContentEncoding, Promise<Uint8Array<ArrayBuffer>>>;
}
const sharedEncodings = new WeakMap<object, SharedEncoding>();

/**
 * Marks an answer many requests receive unchanged (the chain's catalogue at one version): it is serialized once,
 * and compressed once per encoding, at the static assets' effort since the work is shared, instead of once per
 * request. The value must not be changed afterwards; the encodings live as long as it does.
 */
export function encodeOnceForAll<T extends object>(value: T): T {
  if (!sharedEncodings.has(value)) {
    sharedEncodings.set(value, { body: Buffer.from(JSON.stringify(value)), compressed: new Map() });
  }
  return value;
}

function compressShared(shared: SharedEncoding, encoding: ContentEncoding): Promise<Uint8Array<ArrayBuffer>> {
  let compressed = shared.compressed.get(encoding);
  if (!compressed) {
    // The promise, not its result, is kept: requests arriving while it compresses wait for the same work.
    compressed = compressBytes(shared.body, encoding, 'static');
    shared.compressed.set(encoding, compressed);
    compressed.catch(() => shared.compressed.delete(encoding));
  }
  return compressed;
}

function isJsonValue(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export interface EncodeJsonContext {
  request: Request;
  set: { status?: number | string; headers: Record<string, string | number | undefined> };
  responseValue: unknown;
}

/**
 * Turns a handler's JSON answer into its response: an `ETag` and a 304 for the revalidated reads, then brotli or
 * gzip above `DYNAMIC_COMPRESS_MIN_BYTES` (`COMPRESS_MIN_BYTES` for a shared answer) when the client accepts it.
 * Anything that is not a plain JSON value (a Response the handler or the error mapper built, text, a file) is left
 * to Elysia. Elysia's `mapResponse` hook.
 */
export async function encodeJsonResponse({
  request,
  set,
  responseValue,
}: EncodeJsonContext): Promise<Response | undefined> {
  const encoded = responseValue instanceof EncodedJson ? responseValue : null;
  if (!encoded && !isJsonValue(responseValue)) return undefined;
  const status = typeof set.status === 'number' ? set.status : 200;
  const headers = new Headers();
  for (const [name, value] of Object.entries(set.headers)) {
    if (value !== undefined) headers.set(name, String(value));
  }
  headers.set('content-type', JSON_CONTENT_TYPE);
  const shared = encoded ? undefined : sharedEncodings.get(responseValue as object);
  const body = shared?.body ?? Buffer.from(encoded ? encoded.text : JSON.stringify(responseValue));

  // A tag the handler named from its data's version (readVersionTag) wins over hashing the body; it names only
  // a 200 of a revalidated read, never an error answered instead.
  const namedEtag = headers.get('etag');
  headers.delete('etag');
  if (
    status === 200 &&
    request.method === 'GET' &&
    REVALIDATED_API_READS.has(new URL(request.url).pathname)
  ) {
    const etag = namedEtag ?? weakEtag(body);
    headers.set('etag', etag);
    headers.set('cache-control', REVALIDATED_API_CACHE_CONTROL);
    headers.append('vary', 'Accept-Encoding');
    if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) {
      headers.delete('content-type');
      return new Response(null, { status: 304, headers });
    }
  }

  // Compressed once for everyone, a shared answer is worth it from a smaller size than one made per request.
  const minBytes = shared ? COMPRESS_MIN_BYTES : DYNAMIC_COMPRESS_MIN_BYTES;
  if (body.byteLength < minBytes) return new Response(body, { status, headers });
  if (!headers.has('vary')) headers.append('vary', 'Accept-Encoding');
  const encoding = chooseEncoding(request.headers.get('accept-encoding'));
  if (!encoding) return new Response(body, { status, headers });
  headers.set('content-encoding', encoding);
  const compressed = shared ? compressShared(shared, encoding) : compressBytes(body, encoding, 'dynamic');
  return new Response(await compressed, { status, headers });
}
