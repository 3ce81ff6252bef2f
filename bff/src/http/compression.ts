import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/*
 * Response compression (decision 039): brotli or gzip as the client's Accept-Encoding allows, for bodies
 * worth it. zlib's callback forms run on the thread pool, so compressing a 20,000-product list does not hold the
 * event loop that answers the next autosave.
 */

export type ContentEncoding = 'br' | 'gzip';

/**
 * Below this a body compressed once and kept (a built file, an answer shared by every request of one version)
 * saves less than its headers: sent as it is.
 */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Below this an answer made per request is sent as it is (decision 039, amended). Up to about ten TCP segments
 * arrive in the connection's first round trip either way, so compressing a few kilobytes saves the phone no
 * time, and costs the server and the phone CPU on every request. An autosave's answer is 1–4 KB (5–20 items):
 * at 2,000 devices sending them plain took a tenth of the servers' CPU and most of the p99 (bench/README.md).
 */
export const DYNAMIC_COMPRESS_MIN_BYTES = 4 * 1024;

/**
 * Up to this size a body is compressed in place. Bun's callback zlib goes through a stream whose set-up costs
 * three times the compression itself for a few kilobytes (an autosave answer: 84 µs of CPU against 28 µs in
 * place, and a fifth of the server's thread under autosave load, decision 042), and still twice the CPU at a
 * café's inventory (38 KB: 0.36 ms against 0.18 ms; 190 KB: 0.57 against 0.39 ms, brotli 4). In place, 256 KB
 * holds the thread for about half a millisecond, about what the hop to the thread pool costs it anyway.
 */
export const COMPRESS_IN_PLACE_MAX_BYTES = 256 * 1024;

/**
 * An answer made per request and compressed in place holds the event loop while it compresses: brotli 3 takes half
 * the time of 4 for about 3 % more bytes (a café's 38 KB inventory: 150 against 300 µs, 4,320 against 4,199
 * bytes, this machine). Larger answers go to the thread pool at 4, where the bytes weigh more on a phone's start.
 */
const IN_PLACE_BROTLI_QUALITY = 3;

/** Shared answers are compressed at brotli 9, ten times the work of 4 (37 ms for a 167 KB catalogue). */
const STATIC_IN_PLACE_MAX_BYTES = 16 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to answer with: brotli when accepted, else gzip, else none. `q=0` refuses an encoding; `*` stands
 * for any not named.
 */
export function chooseEncoding(acceptEncoding: string | null | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (encoding: ContentEncoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/**
 * `dynamic` for answers made per request (fast settings: brotli 4 still beats gzip 6 on JSON), `static` for
 * built files compressed once and kept. Brotli 9, not 11: on the built app 11 saves another 7 % but takes 20
 * times as long (1.5 s against 71 ms for the whole build here), which the first visitor after a deploy would wait.
 */
export async function compressBytes(
  bytes: Uint8Array,
  encoding: ContentEncoding,
  effort: 'dynamic' | 'static',
): Promise<Uint8Array<ArrayBuffer>> {
  // zlib answers with Buffers over a plain ArrayBuffer (never shared memory), which a Response body accepts.
  const inPlace =
    bytes.byteLength <= (effort === 'static' ? STATIC_IN_PLACE_MAX_BYTES : COMPRESS_IN_PLACE_MAX_BYTES);
  if (encoding === 'br') {
    const options = {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: effort === 'static' ? 9 : inPlace ? IN_PLACE_BROTLI_QUALITY : 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    };
    return (
      inPlace ? brotliCompressSync(bytes, options) : await brotli(bytes, options)
    ) as Uint8Array<ArrayBuffer>;
  }
  const options = { level: effort === 'static' ? 9 : 6 };
  return (inPlace ? gzipSync(bytes, options) : await gzipAsync(bytes, options)) as Uint8Array<ArrayBuffer>;
}

/** Types that shrink: text, JSON, scripts, styles, SVG. Images and fonts are compressed already. */
export function isCompressible(contentType: string | null | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type === 'application/javascript' ||
    type === 'application/manifest+json' ||
    type === 'image/svg+xml'
  );
}

/** A weak validator of a body's bytes: equal bodies, equal tags, whatever the encoding sent. */
export function weakEtag(bytes: Uint8Array | string): string {
  return `W/"${Bun.hash(bytes).toString(36)}"`;
}

/** Whether `If-None-Match` names this tag (weak comparison, as RFC 9110 asks for GET). */
export function matchesIfNoneMatch(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
