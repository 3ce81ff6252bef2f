import { describe, expect, test } from 'bun:test';
import { openTestDb } from '@db/testing/test-db.ts';
import { endpointKey } from '@engine/endpoints/endpoint.ts';
import { ALL_ENDPOINTS } from '@engine/endpoints/index.ts';
import { testApp } from './http.ts';

/**
 * The declarations in engine/src/endpoints are the API: every Elysia route under /api is mounted from one,
 * and every declaration is mounted. A route added by hand, or a declaration nobody serves, fails here.
 */
describe('endpoint declarations', () => {
  test('every /api route has a declaration and every declaration a route', async () => {
    const db = await openTestDb();
    try {
      const app = testApp(db);
      const mounted = app.routes
        .filter((route) => route.path.startsWith('/api/') && route.path !== '/api/*')
        .map((route) => `${route.method} ${route.path}`)
        .sort();
      const declared = ALL_ENDPOINTS.map(endpointKey).sort();
      expect(mounted.filter((key) => !declared.includes(key))).toEqual([]);
      expect(declared.filter((key) => !mounted.includes(key))).toEqual([]);
      expect(new Set(declared).size).toBe(declared.length);
    } finally {
      await db.close();
    }
  });
});
