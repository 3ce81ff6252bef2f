/**
 * What is kept for counting with no network, shared by the page (which keeps the copies, decision 073) and the
 * service worker (which answers from them when the network fails). The worker bundle imports nothing of engine (its zod schemas would triple the worker's size); the paths below are
 * checked against the endpoint declarations by `offline-reads.test.ts`.
 */

/** The reads every offline screen needs, whatever café: one answer each per person. */
export const PERSON_READ_PATHS = [
  '/api/auth/user',
  '/api/auth/user-role',
  '/api/permissions',
  '/api/admin/tab-display-order',
  '/api/admin/ui-settings',
  '/api/admin/category-order',
  '/api/user/locations',
  '/api/products',
] as const;

/**
 * The reads of one café (its inventory, open count, nightly sheet, today's checklist): kept for the cafés
 * counted lately.
 */
export const CAFE_READ_PATHS = [
  '/api/inventory',
  '/api/count-completions/active/:locationId',
  '/api/nightly-counts',
  '/api/par-locks/:locationId',
  '/api/square/on-hand',
  '/api/cafe-ops',
] as const;

/** Cafés' reads kept per person: a few cafés times the six reads above, oldest dropped first. */
export const CAFE_READS_KEPT = 40;

/** Caches that hold a person's answers; cleared together whenever that person is no longer the reader. */
export const PERSON_CACHE = 'parstock-reads-person';
export const CAFE_CACHE = 'parstock-reads-cafes';
/** Who the cached answers belong to (one entry); kept in Cache Storage so the page can clear it too. */
export const READER_CACHE = 'parstock-reader';
export const READER_KEY = '/__parstock/reader';
export const READ_CACHES = [PERSON_CACHE, CAFE_CACHE, READER_CACHE] as const;

/** Carried by a kept answer, which is how the page knows the worker served it: when it came from the server. */
export const CACHED_AT_HEADER = 'x-parstock-cached-at';

/** The worker's message that lets a waiting new version take over (sent when the person chooses to reload). */
export const SKIP_WAITING_MESSAGE = 'parstock:skip-waiting';

function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[a-zA-Z]+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

const PERSON_PATTERNS = PERSON_READ_PATHS.map(pathPattern);
const CAFE_PATTERNS = CAFE_READ_PATHS.map(pathPattern);

/** Which cache keeps the answer to a GET of this path, or null when the read is never kept. */
export function offlineCacheFor(pathname: string): typeof PERSON_CACHE | typeof CAFE_CACHE | null {
  if (PERSON_PATTERNS.some((pattern) => pattern.test(pathname))) return PERSON_CACHE;
  if (CAFE_PATTERNS.some((pattern) => pattern.test(pathname))) return CAFE_CACHE;
  return null;
}

/**
 * The key an answer is stored under: the reader's id is part of it, so an answer of one person can never be
 * matched for another even if a clearing raced with a write.
 */
export function readCacheKey(url: URL, readerId: number | null): string {
  return `${url.origin}/__parstock/reads/${readerId ?? 'nobody'}${url.pathname}${url.search}`;
}

/**
 * Answers worth keeping: a success, and the active completion's 404, which means "no completed count" and
 * is what the count screen needs to open.
 */
export function isKeptAnswer(pathname: string, status: number): boolean {
  if (status === 200) return true;
  return status === 404 && pathname.startsWith('/api/count-completions/active/');
}

/** A read's answer as kept for offline use: its status and JSON body, and the time it came from the server. */
export function keptAnswer(body: ArrayBuffer | string, status: number, at: Date): Response {
  return new Response(body, {
    status,
    headers: { 'content-type': 'application/json', [CACHED_AT_HEADER]: at.toISOString() },
  });
}
