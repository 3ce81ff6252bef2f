import {
  type EndpointCallInput,
  type EndpointResult,
  type EndpointSpec,
  fillPath,
  queryString,
} from '@engine/endpoints/endpoint.ts';
import type { ErrorCode } from '@engine/errors/error-catalogue.ts';
import type { FastCheck } from '@engine/schema-fast-check.ts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiRequestError, type ApiRequestOptions, apiRequest } from './api-request.ts';
import { clearOfflineReads } from './offline/offline-caches.ts';
import { keepOfflineCopyLater } from './offline/offline-copies-later.ts';
import { cachedAtOf, noteReadAnswer, noteServerAnswered } from './offline/reads-from-cache.ts';

/**
 * The one typed client of the API: every URL of the app is formed here from an endpoint declaration, and
 * every answer is checked against the declaration's schema. The transport rules of requirements §7–§9 (cookies,
 * JSON only with a body, `status: body` error text, retries with backoff) live in `apiRequest` below it.
 */

export interface CallOptions extends Omit<ApiRequestOptions, 'headers'> {
  /** A 401 answers null instead of throwing (the session check of a signed-out visitor). */
  on401?: 'throw' | 'returnNull';
}

/** Whether a path of this site is the API's rather than a page of the app (never a place to return to). */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** The URL of a call: the path with its params filled in, then the query. */
export function endpointUrl<E extends EndpointSpec>(endpoint: E, input: EndpointCallInput<E>): string {
  const { params, query } = input as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  return `${fillPath(endpoint.path, params)}${queryString(query)}`;
}

let sessionEnded: (() => void) | undefined;

/** What the app does when a call is refused because its session has ended (it asks again who is signed in). */
export function onSessionEnded(listener: () => void): void {
  sessionEnded = listener;
}

const fastChecks = new WeakMap<object, FastCheck>();

/**
 * Checks an endpoint's answers with a check built from its schema without `eval` (decision 043; built and
 * registered by `fast-answer-checks.ts`, outside the first script): a value it accepts is one zod would return
 * unchanged; anything else still goes through zod, which says what is wrong.
 */
export function checkAnswersWith(endpoint: EndpointSpec, check: FastCheck): void {
  if (typeof endpoint.response !== 'string') fastChecks.set(endpoint.response, check);
}

function checkAnswer(schema: z.ZodType, value: unknown): unknown {
  return fastChecks.get(schema)?.(value) ? value : schema.parse(value);
}

/*
 * A JSON answer is read as bytes and decoded once (decision 058): for `text()` the browser decodes a large body
 * into a string chunk by chunk on the page's thread, between the app's tasks; at 20,000 products that held the
 * product list back for hundreds of milliseconds of a start.
 */
const utf8 = new TextDecoder();

async function readResult<E extends EndpointSpec>(
  endpoint: E,
  url: string,
  response: Response,
  fresh: boolean,
): Promise<EndpointResult<E>> {
  if (endpoint.response === 'csv' || endpoint.response === 'html')
    return (await response.text()) as EndpointResult<E>;
  if (typeof endpoint.response === 'string') return undefined as EndpointResult<E>;
  const bytes = await response.arrayBuffer();
  const text = utf8.decode(bytes);
  const result = checkAnswer(endpoint.response, text ? JSON.parse(text) : undefined) as EndpointResult<E>;
  // A checked answer from the server is what the offline app shows with no network (decision 073).
  if (fresh && endpoint.method === 'GET') keepOfflineCopyLater(url, response.status, bytes);
  return result;
}

export function call<E extends EndpointSpec>(
  endpoint: E,
  input: EndpointCallInput<E>,
  options: CallOptions & { on401: 'returnNull' },
): Promise<EndpointResult<E> | null>;
export function call<E extends EndpointSpec>(
  endpoint: E,
  input: EndpointCallInput<E>,
  options?: CallOptions,
): Promise<EndpointResult<E>>;
/** Calls an endpoint and returns its parsed answer; a refusal throws `ApiRequestError` with a typed `code`. */
export async function call<E extends EndpointSpec>(
  endpoint: E,
  input: EndpointCallInput<E>,
  options: CallOptions = {},
): Promise<EndpointResult<E> | null> {
  const { on401, ...requestOptions } = options;
  const { body, headers } = input as { body?: unknown; headers?: Record<string, string> };
  const url = endpointUrl(endpoint, input);
  try {
    const response = await apiRequest(endpoint.method, url, endpoint.body ? body : undefined, {
      ...(endpoint.slowAnswer ? { answerTimeoutMs: null } : {}),
      ...requestOptions,
      headers,
    });
    // The service worker serves a kept copy with its time; screens say how old the list is.
    const cachedAt = cachedAtOf(response);
    if (endpoint.method === 'GET') noteReadAnswer(endpoint.path, url, cachedAt);
    else noteServerAnswered();
    return await readResult(endpoint, url, response, cachedAt === null);
  } catch (error) {
    // "No completed count" (404) is an answer the count screen needs with no network too.
    if (
      endpoint.method === 'GET' &&
      error instanceof ApiRequestError &&
      error.status === 404 &&
      error.cachedAt === null
    )
      keepOfflineCopyLater(url, error.status, error.bodyText);
    if (error instanceof ApiRequestError && error.status === 401) {
      // Nobody is signed in on this device any more: nothing of the last person may be shown from a cache.
      await clearOfflineReads();
      if (on401 === 'returnNull') return null;
      // Signed out elsewhere (another tab, an admin, the session's end): the app must show the way back in, not a
      // screen whose saves are refused. A refusal for another person's sign-in keeps this page's person (decision
      // 108), and a refused sign-in is not a session that ended.
      if (endpoint.access !== 'public' && error.body?.code !== 'another_person_signed_in') sessionEnded?.();
    }
    throw error;
  }
}

/**
 * The query key of a read: the declared path, then its params and query. Invalidating `[endpoint.path]`
 * refreshes every cached read of that endpoint, whatever its input.
 */
export function endpointQueryKey<E extends EndpointSpec>(endpoint: E, input?: EndpointCallInput<E>) {
  const { params, query } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
  };
  return [endpoint.path, { ...params, ...query }] as const;
}

/** The prefix of every query key of an endpoint, for invalidation. */
export function endpointKeyPrefix(endpoint: EndpointSpec): readonly [string] {
  return [endpoint.path];
}

/**
 * TanStack Query options for a read. Reads pass `retries: 0` to the transport: the query client retries
 * them, and retrying in both places would multiply the attempts.
 */
export function endpointQuery<E extends EndpointSpec>(endpoint: E, input: EndpointCallInput<E>) {
  return queryOptions({
    queryKey: endpointQueryKey(endpoint, input),
    queryFn: ({ signal }) => call(endpoint, input, { signal, retries: 0 }),
  });
}

/**
 * `endpointQuery` for a declaration that loads with the read's first call (decision 077). The key is written by
 * the read's own module, since the declaration is not there yet to give it; a test there holds the two equal.
 */
export function lazyEndpointQuery<E extends EndpointSpec, const K extends readonly unknown[]>(
  queryKey: K,
  load: () => Promise<E>,
  input: EndpointCallInput<E>,
) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => call(await load(), input, { signal, retries: 0 }),
  });
}

/** The error code of a refused call, typed from the catalogue, or null for a network failure or a non-API answer. */
export function errorCodeOf(error: unknown): ErrorCode | null {
  return error instanceof ApiRequestError ? (error.body?.code ?? null) : null;
}
