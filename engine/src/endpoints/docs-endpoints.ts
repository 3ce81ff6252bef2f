import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/** The API's own reference, generated from these declarations: nothing secret, so open to anyone. */
export const docsEndpoints = {
  openApiDocument: defineEndpoint({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'The OpenAPI 3.1 document of this API, generated from the endpoint declarations.',
    response: z.record(z.string(), z.unknown()),
    errors: [],
    access: 'public',
    scope: { kind: 'none' },
  }),
  apiReferencePage: defineEndpoint({
    method: 'GET',
    path: '/api/reference',
    summary: 'A readable page of the same reference, for developers.',
    response: 'html',
    errors: [],
    access: 'public',
    scope: { kind: 'none' },
  }),
};
