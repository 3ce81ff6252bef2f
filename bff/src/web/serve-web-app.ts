import { stat } from 'node:fs/promises';
import { basename, join, resolve, sep } from 'node:path';

export const WEB_APP_MISSING_MESSAGE =
  'The web app has not been built. Run `bun run build` (npm start builds it for you), then restart the server.';

// Bun.build names chunks and assets `name-<8 char hash>.ext`: their content never changes under a name.
const HASHED_FILE = /-[a-z0-9]{8}\.[a-z0-9]+$/i;
// The build makes no source maps; one left in the folder by another build is still never handed out.
const SOURCE_MAP = /\.map$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html and unhashed files (favicon) must be revalidated so a new release is picked up at once.
const REVALIDATE = 'no-cache';

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function fileResponse(path: string, cacheControl: string): Response {
  const file = Bun.file(path);
  return new Response(file, { headers: { 'content-type': file.type, 'cache-control': cacheControl } });
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
export function webAppHandler(distDir: string): (pathname: string) => Promise<Response> {
  const root = resolve(distDir);
  const indexPath = join(root, 'index.html');
  return async (pathname) => {
    if (!(await isFile(indexPath))) return text(503, WEB_APP_MISSING_MESSAGE);
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return text(400, 'The address is not valid.');
    }
    if (SOURCE_MAP.test(decoded)) return text(404, 'Not found.');
    const candidate = resolve(root, `.${decoded}`);
    const insideDist = candidate.startsWith(root + sep);
    if (insideDist && candidate !== indexPath && (await isFile(candidate))) {
      return fileResponse(candidate, HASHED_FILE.test(basename(candidate)) ? IMMUTABLE : REVALIDATE);
    }
    if (basename(decoded).includes('.') && decoded !== '/index.html') return text(404, 'Not found.');
    return fileResponse(indexPath, REVALIDATE);
  };
}

export async function webAppIsBuilt(distDir: string): Promise<boolean> {
  return isFile(join(resolve(distDir), 'index.html'));
}
