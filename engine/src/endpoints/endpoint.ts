import type { z } from 'zod';
import type { ErrorCode } from '../errors/error-catalogue.ts';
import type { PermissionKey } from '../permissions.ts';
import { DEFAULT_BODY_LIMIT } from './body-limits.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. 'public': anyone, signed in or not. 'signed-in': any signed-in user, even one whose
 * role has no permissions (they must still learn who they are and what they may do). 'any-permission': a
 * role with at least one permission. `anyOf`: at least one of these; `to` finishes the refusal
 * "You do not have permission to …".
 */
export type AccessRule =
  | 'public'
  | 'signed-in'
  | 'any-permission'
  | { anyOf: readonly PermissionKey[]; to: string };

/**
 * How the server finds which café a call is about, to check it against the user's locations:
 * - `none`: the data is not a café's (the user's own profile, the product catalogue, the admin area);
 * - `location`: a field of the params, query or body holds the location id; `optional` when a call without
 *   one is allowed (it then answers for no location or for all of the user's locations);
 * - `record`: the params name a record (an order) whose location is looked up; a record outside the user's
 *   locations is a 404, so ids are no probe;
 * - `filtered`: a list that the server narrows to the user's locations itself;
 * - `locations`: a list of location ids and/or a district id in the query (reports): every named café must be
 *   the user's and the district must hold at least one of them; naming neither means all of the user's cafés.
 *   A closed café counts as the user's here when it lies within their reach for closed cafés (decision 103).
 */
export type ScopeRule =
  | { kind: 'none' }
  | { kind: 'locations'; in: 'query'; field: string; district: string }
  | { kind: 'location'; in: 'params' | 'query' | 'body'; field: string; optional?: boolean }
  | { kind: 'record'; record: 'order'; field: string }
  | { kind: 'filtered' };

/** What a successful answer carries: JSON checked against a schema, CSV text, an HTML page, a redirect or nothing. */
export type ResponseSpec = z.ZodType | 'csv' | 'html' | 'redirect' | 'empty';

type AnyObjectSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/**
 * One `/api` route as data: everything the server needs to mount and guard it, the client needs to call
 * it, and the reference needs to document it. Pure: no framework, no I/O.
 */
export interface EndpointSpec {
  method: HttpMethod;
  /** Elysia-style path, `:name` for a param. */
  path: `/api/${string}`;
  /** One line for the API reference. */
  summary: string;
  params?: AnyObjectSchema;
  query?: AnyObjectSchema;
  /** A JSON body (`Content-Type: application/json`; anything else is a 415). */
  body?: z.ZodType;
  /**
   * The most bytes of body the server reads (default DEFAULT_BODY_LIMIT); a larger body is a 413, refused
   * while reading, before it is parsed. Only a route with a `body` reads one.
   */
  bodyLimit?: number;
  /** Request headers the route reads (e.g. Idempotency-Key). */
  headers?: AnyObjectSchema;
  response: ResponseSpec;
  /** The status of a plain success; a handler may still choose another 2xx (a repeated submit is 200). */
  status?: 200 | 201 | 204 | 302;
  /** Codes this route answers beyond those implied by its access, scope and input (see `possibleErrors`). */
  errors: readonly ErrorCode[];
  access: AccessRule;
  scope: ScopeRule;
  /** Reachable by a user who must still replace a one-time password (the "Choose a new password" page). */
  openDuringPasswordChange?: boolean;
  /**
   * Its answer may take long to begin (a report over a chain's year): the web client waits for it without the
   * deadline it sets on other reads (decision 061).
   */
  slowAnswer?: boolean;
}

/** Declares an endpoint, keeping its literal types so the server and the client infer from it. */
export function defineEndpoint<const E extends EndpointSpec>(endpoint: E): E {
  return endpoint;
}

export function endpointKey(endpoint: Pick<EndpointSpec, 'method' | 'path'>): string {
  return `${endpoint.method} ${endpoint.path}`;
}

/** The most bytes of body a route reads. */
export function bodyLimitOf(endpoint: EndpointSpec): number {
  return endpoint.bodyLimit ?? DEFAULT_BODY_LIMIT;
}

/** The largest body any of these routes reads: the server's own cap on every request (Bun's maxRequestBodySize). */
export function largestBodyLimit(endpoints: readonly EndpointSpec[]): number {
  return Math.max(DEFAULT_BODY_LIMIT, ...endpoints.filter((endpoint) => endpoint.body).map(bodyLimitOf));
}

/**
 * The id of the person a page was opened for, sent with its writes: a tab left open while another person signed in
 * on the same browser must not write under the new person's name (the cookie is the browser's, not the tab's).
 */
export const PAGE_USER_HEADER = 'x-parstock-user';

/** Every code a route can answer: its own list plus what its access, scope and input imply. */
export function possibleErrors(endpoint: EndpointSpec): ErrorCode[] {
  const codes = new Set<ErrorCode>(endpoint.errors);
  if (endpoint.access !== 'public') {
    codes.add('unauthorized');
    codes.add('forbidden');
    if (!endpoint.openDuringPasswordChange) codes.add('password_change_required');
  }
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.headers) codes.add('validation_failed');
  if (endpoint.body) {
    codes.add('invalid_json');
    codes.add('payload_too_large');
    codes.add('unsupported_media_type');
  }
  if (endpoint.method !== 'GET') codes.add('cross_site_refused');
  if (endpoint.method !== 'GET' && endpoint.access !== 'public') codes.add('another_person_signed_in');
  if (endpoint.scope.kind === 'location' || endpoint.scope.kind === 'locations') codes.add('forbidden');
  if (endpoint.scope.kind === 'record') codes.add('not_found');
  codes.add('rate_limited');
  codes.add('internal_error');
  codes.add('service_unavailable');
  codes.add('database_unavailable');
  return [...codes];
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server hands a handler: validated params, query, body and headers. */
export interface EndpointInput<E extends EndpointSpec> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  headers: Out<E['headers']>;
}

type OptionalIfEmpty<K extends string, T> = T extends undefined
  ? { [P in K]?: undefined }
  : Record<string, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a client passes to call an endpoint (the raw, pre-parse shape of each part). */
export type EndpointCallInput<E extends EndpointSpec> = OptionalIfEmpty<'params', In<E['params']>> &
  OptionalIfEmpty<'query', In<E['query']>> &
  OptionalIfEmpty<'body', In<E['body']>> &
  OptionalIfEmpty<'headers', In<E['headers']>>;

/** What a successful call yields: the parsed JSON, the CSV text, or nothing. */
export type EndpointResult<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : E['response'] extends 'csv' | 'html'
    ? string
    : undefined;

/** What a handler returns before the response is checked (the schema's input). */
export type EndpointReturn<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : E['response'] extends 'csv' | 'html'
    ? string
    : E['response'] extends 'redirect'
      ? Response
      : undefined | null | Response;

/** Fills `:name` params into a path, each encoded as one segment. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string from defined values (lists repeat the key), with the leading `?`, or ''. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
