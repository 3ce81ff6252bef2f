import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { possibleErrors } from '@engine/endpoints/endpoint.ts';
import { ALL_ENDPOINTS } from '@engine/endpoints/index.ts';
import { openApiPath } from '@engine/endpoints/openapi.ts';
import { ERROR_CATALOGUE } from '@engine/errors/error-catalogue.ts';
import { call, testApp } from './http.ts';

let db: Db;
let app: ReturnType<typeof testApp>;
beforeAll(async () => {
  db = await openTestDb();
  app = testApp(db);
});
afterAll(() => db.close());

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { summary: string; responses: Record<string, unknown> }>>;
}

describe('GET /api/openapi.json', () => {
  test('is an OpenAPI 3.1 document with every declared endpoint and every status it can answer', async () => {
    const res = await call(app, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const document = res.json as OpenApiDocument;
    expect(document.openapi).toBe('3.1.0');
    for (const endpoint of ALL_ENDPOINTS) {
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation?.summary).toBe(endpoint.summary);
      const statuses = new Set(possibleErrors(endpoint).map((code) => String(ERROR_CATALOGUE[code].status)));
      for (const status of statuses) expect(Object.keys(operation?.responses ?? {})).toContain(status);
    }
    const documented = Object.values(document.paths).reduce(
      (n, methods) => n + Object.keys(methods).length,
      0,
    );
    expect(documented).toBe(ALL_ENDPOINTS.length);
  });
});

describe('GET /api/reference', () => {
  test('is an HTML page naming every endpoint, with no script', async () => {
    const res = await call(app, 'GET', '/api/reference');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    for (const endpoint of ALL_ENDPOINTS) expect(res.text).toContain(`<code>${endpoint.path}</code>`);
    expect(res.text).not.toContain('<script');
  });
});
