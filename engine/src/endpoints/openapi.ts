import { z } from 'zod';
import { ERROR_CATALOGUE, ERROR_CODES, type ErrorCode } from '../errors/error-catalogue.ts';
import { describeBytes } from './body-limits.ts';
import {
  type AccessRule,
  bodyLimitOf,
  type EndpointSpec,
  possibleErrors,
  type ScopeRule,
} from './endpoint.ts';

type JsonSchema = Record<string, unknown>;

/**
 * Request shapes are documented as the client sends them, answers as the server sends them: zod's `io`
 * option picks the side of each transform. Transforms and refinements that JSON Schema cannot say are left
 * open rather than refusing to document the route.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const errorBodySchema: JsonSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', enum: ERROR_CODES },
    message: { type: 'string', description: 'Written for a person; shown as is.' },
    details: { description: 'Data for forms and screens, e.g. `[{ path, message }]` for invalid fields.' },
  },
};

export function describeAccess(access: AccessRule): string {
  if (access === 'public') return 'anyone, signed in or not';
  if (access === 'signed-in') return 'any signed-in user';
  if (access === 'any-permission') return 'a signed-in user whose role has at least one permission';
  return `a role with ${access.anyOf.join(' or ')}`;
}

export function describeScope(scope: ScopeRule): string {
  switch (scope.kind) {
    case 'none':
      return 'not about one café';
    case 'filtered':
      return "narrowed to the user's cafés";
    case 'location':
      return `${scope.in}.${scope.field} must be one of the user's cafés${scope.optional ? ' (when given)' : ''}`;
    case 'locations':
      return `every café in ${scope.in}.${scope.field} must be the user's, and ${scope.in}.${scope.district} a district with some of them (neither: all of the user's cafés)`;
    case 'record':
      return `the ${scope.record}'s café must be one of the user's (else 404)`;
  }
}

/** The OpenAPI path of an Elysia path: `/api/orders/:id` → `/api/orders/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parameters(endpoint: EndpointSpec): JsonSchema[] {
  const located = [
    ['path', endpoint.params],
    ['query', endpoint.query],
    ['header', endpoint.headers],
  ] as const;
  return located.flatMap(([where, schema]) => {
    if (!schema) return [];
    const object = jsonSchema(schema, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    return Object.entries(object.properties ?? {}).map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path' || (object.required ?? []).includes(name),
      schema: property,
    }));
  });
}

function successResponse(endpoint: EndpointSpec): [string, JsonSchema] {
  const status = String(endpoint.status ?? (endpoint.response === 'redirect' ? 302 : 200));
  if (endpoint.response === 'csv') {
    return [status, { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } }];
  }
  if (endpoint.response === 'html') {
    return [status, { description: 'HTML page', content: { 'text/html': { schema: { type: 'string' } } } }];
  }
  if (endpoint.response === 'redirect') return [status, { description: 'Redirect (Location header)' }];
  if (endpoint.response === 'empty') return [String(endpoint.status ?? 204), { description: 'No content' }];
  return [
    status,
    {
      description: 'OK',
      content: { 'application/json': { schema: jsonSchema(endpoint.response, 'output') } },
    },
  ];
}

function errorResponses(endpoint: EndpointSpec): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of possibleErrors(endpoint)) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      String(status),
      {
        description: codes.map((code) => `\`${code}\``).join(', '),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}

function operation(endpoint: EndpointSpec): JsonSchema {
  const [status, success] = successResponse(endpoint);
  return {
    summary: endpoint.summary,
    description: `Who: ${describeAccess(endpoint.access)}. Scope: ${describeScope(endpoint.scope)}.`,
    ...(endpoint.access === 'public' ? { security: [] } : {}),
    parameters: parameters(endpoint),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            description: `JSON only (else 415); at most ${describeBytes(bodyLimitOf(endpoint))} (else 413, refused while reading).`,
            content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } },
          },
        }
      : {}),
    responses: { [status]: success, ...errorResponses(endpoint) },
    ...(endpoint.body ? { 'x-body-limit': bodyLimitOf(endpoint) } : {}),
    'x-access': endpoint.access,
    'x-scope': endpoint.scope,
  };
}

/** The OpenAPI 3.1 document of the API, derived from the endpoint declarations and nothing else. */
export function buildOpenApiDocument(endpoints: readonly EndpointSpec[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of endpoints) {
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(endpoint) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parstock API',
      version,
      description:
        'Inventory and ordering for café chains. Every route checks sign-in, permission and café scope on the server; writes need a same-site Origin.',
    },
    servers: [{ url: '/' }],
    security: [{ session: [] }],
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
      schemas: { Error: errorBodySchema },
    },
    paths,
  };
}
