import { readFile, stat } from 'node:fs/promises';
import { basename, join, resolve, sep } from 'node:path';
import {
  COMPRESS_MIN_BYTES,
  type ContentEncoding,
  chooseEncoding,
  compressBytes,
  isCompressible,
  matchesIfNoneMatch,
  weakEtag,
} from '../http/compression.ts';

export const WEB_APP_MISSING_MESSAGE =
  'The web app has not been built. Run `bun run build` (npm start builds it for you), then restart the server.';

// Bun.build names chunks and assets `name-<8 char hash>.ext`: their content never changes under a name.
const HASHED_FILE = /-[a-z0-9]{8}\.[a-z0-9]+$/i;
// The build makes no source maps; one left in the folder by another build is still never handed out.
const SOURCE_MAP = /\.map$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html and unhashed files (favicon) must be revalidated so a new release is picked up at once.
const REVALIDATE = 'no-cache';

interface FileStamp {
  mtimeMs: number;
  size: number;
}

async function fileStamp(path: string): Promise<FileStamp | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? { mtimeMs: info.mtimeMs, size: info.size } : null;
  } catch {
    return null;
  }
}

async function isFile(path: string): Promise<boolean> {
  return (await fileStamp(path)) !== null;
}

/** A built file as served: its bytes, validator and compressed forms, made once per version of the file. */
interface ServedFile extends FileStamp {
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  encoded: Map<ContentEncoding, Promise<Uint8Array<ArrayBuffer>>>;
}

/**
 * The build's files, kept in memory with their compressed forms (decision 039): a built app is a few megabytes,
 * and compressing a script once at the strongest setting beats compressing it on every load. A file rewritten by
 * a new build (other size or time) is read again.
 */
class BuiltFiles {
  readonly #files = new Map<string, ServedFile>();

  async get(path: string, stamp: FileStamp): Promise<ServedFile> {
    const known = this.#files.get(path);
    if (known && known.mtimeMs === stamp.mtimeMs && known.size === stamp.size) return known;
    const bytes = new Uint8Array(await readFile(path));
    const file: ServedFile = {
      ...stamp,
      type: Bun.file(path).type,
      bytes,
      etag: weakEtag(bytes),
      encoded: new Map(),
    };
    this.#files.set(path, file);
    return file;
  }

  encoded(file: ServedFile, encoding: ContentEncoding): Promise<Uint8Array<ArrayBuffer>> {
    let body = file.encoded.get(encoding);
    if (!body) {
      body = compressBytes(file.bytes, encoding, 'static');
      file.encoded.set(encoding, body);
    }
    return body;
  }
}

async function fileResponse(
  files: BuiltFiles,
  path: string,
  stamp: FileStamp,
  cacheControl: string,
  requestHeaders: Headers,
): Promise<Response> {
  const file = await files.get(path, stamp);
  const headers = new Headers({ 'content-type': file.type, 'cache-control': cacheControl, etag: file.etag });
  const compressible = isCompressible(file.type) && file.bytes.byteLength >= COMPRESS_MIN_BYTES;
  if (compressible) headers.set('vary', 'Accept-Encoding');
  if (matchesIfNoneMatch(requestHeaders.get('if-none-match'), file.etag)) {
    headers.delete('content-type');
    return new Response(null, { status: 304, headers });
  }
  const encoding = compressible ? chooseEncoding(requestHeaders.get('accept-encoding')) : null;
  if (!encoding) return new Response(file.bytes, { headers });
  headers.set('content-encoding', encoding);
  return new Response(await files.encoded(file, encoding), { headers });
}

function text(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * Serves the built single-page app: a file of `distDir` when the path names one, otherwise index.html so
 * deep links (/admin/users) load the app and its router. A missing asset (a path with an extension) is
 * a 404, not index.html, so a stale script tag fails loudly instead of parsing HTML as JavaScript. Source
 * maps are a 404 even when present.
 */
export function webAppHandler(
  distDir: string,
): (pathname: string, requestHeaders: Headers) => Promise<Response> {
  const root = resolve(distDir);
  const indexPath = join(root, 'index.html');
  const files = new BuiltFiles();
  return async (pathname, requestHeaders) => {
    const indexStamp = await fileStamp(indexPath);
    if (!indexStamp) return text(503, WEB_APP_MISSING_MESSAGE);
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return text(400, 'The address is not valid.');
    }
    if (SOURCE_MAP.test(decoded)) return text(404, 'Not found.');
    const candidate = resolve(root, `.${decoded}`);
    const insideDist = candidate.startsWith(root + sep);
    const stamp = insideDist && candidate !== indexPath ? await fileStamp(candidate) : null;
    if (stamp) {
      const cacheControl = HASHED_FILE.test(basename(candidate)) ? IMMUTABLE : REVALIDATE;
      return fileResponse(files, candidate, stamp, cacheControl, requestHeaders);
    }
    if (basename(decoded).includes('.') && decoded !== '/index.html') return text(404, 'Not found.');
    return fileResponse(files, indexPath, indexStamp, REVALIDATE, requestHeaders);
  };
}

export async function webAppIsBuilt(distDir: string): Promise<boolean> {
  return isFile(join(resolve(distDir), 'index.html'));
}
