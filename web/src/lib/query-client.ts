import { backoffDelay, READ_RETRIES, shouldRetryQuery, WRITE_RETRIES } from '@engine/backoff.ts';
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiRequestError, apiRequest } from './api-request.ts';

/** What a read does when the server says the visitor is not signed in (requirements §7). */
export type UnauthorizedBehavior = 'throw' | 'returnNull';

export interface GetJsonOptions {
  on401?: UnauthorizedBehavior;
  signal?: AbortSignal;
  cache?: RequestCache;
}

/**
 * One GET with the response JSON parsed. No retries of its own: the query client retries reads, and
 * doing both would multiply the attempts.
 */
export async function getJson(url: string, options: GetJsonOptions = {}): Promise<unknown> {
  try {
    const response = await apiRequest('GET', url, undefined, {
      retries: 0,
      signal: options.signal,
      cache: options.cache,
    });
    return await response.json();
  } catch (error) {
    if (options.on401 === 'returnNull' && error instanceof ApiRequestError && error.status === 401) {
      return null;
    }
    throw error;
  }
}

/**
 * `getJson` checked against the engine schema of the endpoint, so a drifted response fails loudly at the
 * boundary instead of deep inside a component.
 */
export async function getParsed<T extends z.ZodType>(
  url: string,
  schema: T,
  options: GetJsonOptions = {},
): Promise<z.infer<T>> {
  return schema.parse(await getJson(url, options));
}

export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
/** The default read: GET of the query key parts joined by slashes, JSON parsed (requirements §7). */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) =>
    (await getJson(queryKey.join('/'), { on401: options.on401, signal })) as T | null;
}

export const retryReads = (failureCount: number, error: unknown): boolean =>
  shouldRetryQuery(failureCount, error, READ_RETRIES);

export const retryWrites = (failureCount: number, error: unknown): boolean =>
  shouldRetryQuery(failureCount, error, WRITE_RETRIES);

export const retryDelay = (failureCount: number): number => backoffDelay(failureCount, Math.random);

/**
 * Requirements §9 defaults: cached reads never go stale by themselves, no refetch on focus and no polling unless a
 * query asks for it; reads retry 3 times and writes 2, never for a 4xx other than 408 and 429.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        // Asked even when the browser says it is offline: the service worker may answer from its cache
        // (decision 034). Only the retries wait for the network.
        networkMode: 'offlineFirst',
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: retryReads,
        retryDelay,
      },
      mutations: {
        retry: retryWrites,
        retryDelay,
      },
    },
  });
}
