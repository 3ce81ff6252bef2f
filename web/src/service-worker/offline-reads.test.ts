import { describe, expect, test } from 'bun:test';
import { ALL_ENDPOINTS } from '@engine/endpoints/index.ts';
import {
  CACHED_AT_HEADER,
  CAFE_CACHE,
  CAFE_READ_PATHS,
  isKeptAnswer,
  keptAnswer,
  offlineCacheFor,
  PERSON_CACHE,
  PERSON_READ_PATHS,
  readCacheKey,
} from './offline-reads.ts';

describe('the reads kept for offline counting', () => {
  test('every kept path is a declared GET, so a renamed endpoint cannot silently stop being kept', () => {
    const reads = new Set(ALL_ENDPOINTS.filter((e) => e.method === 'GET').map((e) => e.path));
    for (const path of [...PERSON_READ_PATHS, ...CAFE_READ_PATHS]) expect(reads).toContain(path);
  });

  test('a café read goes to the café cache, a person read to the person cache, anything else nowhere', () => {
    expect(offlineCacheFor('/api/products')).toBe(PERSON_CACHE);
    expect(offlineCacheFor('/api/auth/user')).toBe(PERSON_CACHE);
    expect(offlineCacheFor('/api/inventory')).toBe(CAFE_CACHE);
    expect(offlineCacheFor('/api/count-completions/active/12')).toBe(CAFE_CACHE);
    expect(offlineCacheFor('/api/par-locks/3')).toBe(CAFE_CACHE);
    // The query key's path template matches too (the page refetches kept reads by it).
    expect(offlineCacheFor('/api/count-completions/active/:locationId')).toBe(CAFE_CACHE);
    for (const never of [
      '/api/approvals',
      '/api/orders',
      '/api/cart/3',
      '/api/admin/users',
      '/api/products/x',
    ]) {
      expect(offlineCacheFor(never)).toBeNull();
    }
  });

  test("the key holds the reader, so one person's answer never matches for another", () => {
    const url = new URL('http://127.0.0.1:3000/api/inventory?locationId=6');
    expect(readCacheKey(url, 7)).toBe('http://127.0.0.1:3000/__parstock/reads/7/api/inventory?locationId=6');
    expect(readCacheKey(url, 8)).not.toBe(readCacheKey(url, 7));
    expect(readCacheKey(url, null)).toContain('/reads/nobody/');
  });

  test('only successes are kept, and the "no completed count" 404 the count screen opens with', () => {
    expect(isKeptAnswer('/api/products', 200)).toBe(true);
    expect(isKeptAnswer('/api/count-completions/active/4', 404)).toBe(true);
    expect(isKeptAnswer('/api/inventory', 404)).toBe(false);
    expect(isKeptAnswer('/api/products', 401)).toBe(false);
    expect(isKeptAnswer('/api/products', 503)).toBe(false);
  });

  test('a kept answer carries the time it came from the server, body and status unchanged', async () => {
    const at = new Date('2026-11-25T14:05:00.000Z');
    const stamped = keptAnswer(new TextEncoder().encode('{"a":1}').buffer, 404, at);
    expect(stamped.status).toBe(404);
    expect(stamped.headers.get(CACHED_AT_HEADER)).toBe(at.toISOString());
    expect(stamped.headers.get('content-type')).toBe('application/json');
    expect(await stamped.text()).toBe('{"a":1}');
  });
});
