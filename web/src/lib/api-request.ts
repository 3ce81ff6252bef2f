import { type ApiError, apiErrorSchema } from '@engine/api-schemas.ts';
import { backoffDelay, isRetryableStatus, REQUEST_HELPER_RETRIES } from '@engine/backoff.ts';
import { PAGE_USER_HEADER } from '@engine/endpoints/endpoint.ts';
import { CACHED_AT_HEADER } from '@web/service-worker/offline-reads.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A non-OK answer (requirements §8). `message` is `${status}: ${bodyText || statusText}` so logs and the retry rules
 * see the status first; `body` holds the engine error shape when the server sent one, for people-facing text.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly bodyText: string;
  readonly body: ApiError | null;
  readonly method: string;
  readonly url: string;
  /** When the answer came from the server, if the service worker served it from the offline copies. */
  readonly cachedAt: string | null;

  constructor(init: {
    status: number;
    statusText: string;
    bodyText: string;
    method: string;
    url: string;
    cachedAt?: string | null;
  }) {
    super(`${init.status}: ${init.bodyText || init.statusText}`);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.statusText = init.statusText;
    this.bodyText = init.bodyText;
    this.body = parseApiErrorBody(init.bodyText);
    this.method = init.method;
    this.url = init.url;
    this.cachedAt = init.cachedAt ?? null;
  }
}

/**
 * An error whose message is already written for a person (e.g. 'Failed to complete count'). It keeps the
 * HTTP status of the answer behind it so the retry rules still recognise a refused request.
 */
export class UserFacingError extends Error {
  readonly status: number | undefined;

  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'UserFacingError';
    this.status = options.status;
  }
}

/** The one place that reads the server's `{ code, message, details? }` body. */
function parseApiErrorBody(bodyText: string): ApiError | null {
  if (!bodyText) return null;
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(bodyText));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

/**
 * What to show a person for a failed call: the server's own message when it answered with the engine error
 * shape (it is written for people), a message already meant for people, else the caller's fallback. Status
 * lines and network errors ("Failed to fetch") are never shown as they are.
 */
export function errorMessageForPerson(error: unknown, fallback: string = GENERIC_MESSAGE): string {
  if (error instanceof ApiRequestError) return error.body?.message || fallback;
  if (error instanceof UserFacingError) return error.message;
  return fallback;
}

/** Builds the error for a non-OK response, reading its body once. */
export async function errorFromResponse(
  response: Response,
  method: string,
  url: string,
): Promise<ApiRequestError> {
  let bodyText = '';
  try {
    bodyText = await response.text();
  } catch {
    // A body that cannot be read is reported as empty, so the status text stands in for it.
  }
  return new ApiRequestError({
    status: response.status,
    statusText: response.statusText,
    bodyText,
    method,
    url,
    cachedAt: response.headers.get(CACHED_AT_HEADER),
  });
}

/**
 * A read whose answer has not begun by then is given up, as a failed attempt (retried by the caller's rules). A
 * café's Wi-Fi with no internet behind it leaves a request unanswered until the system's TCP timeouts, minutes on
 * a tablet, while the screen spins; this says "could not load" and offers Retry instead. Only the answer's start
 * is timed: a large answer still arriving on a slow line is never cut. Writes are not timed here (an upload can be
 * slow to send); the outboxes time their own saves (decision 061).
 */
export const READ_ANSWER_TIMEOUT_MS = 30_000;

/** A read given up because no answer began within its deadline. */
export class NoAnswerError extends Error {
  constructor() {
    super('The server did not answer in time.');
    this.name = 'NoAnswerError';
  }
}

export interface ApiRequestOptions {
  /** Sent as `Idempotency-Key` so a retried or double-clicked write creates one record (orders). */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Passed to fetch; e.g. 'no-cache' for the session check. */
  cache?: RequestCache;
  /**
   * Retries after a network failure or a 408, 429 or 5xx answer (requirements §9). Reads leave retrying to the query
   * client and pass 0 here, so the two budgets do not multiply.
   */
  retries?: number;
  /** Injected in tests to pin the backoff; production uses Math.random and real timers. */
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * How long an attempt waits for its answer to begin: by default READ_ANSWER_TIMEOUT_MS for a read, for ever for a
   * write; null waits for ever (a report that takes long to work out).
   */
  answerTimeoutMs?: number | null;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

let pageUser: string | undefined;

/**
 * Who this page was opened for: the first signed-in answer (`first`), or a sign-in on it. Its writes name them
 * (PAGE_USER_HEADER), so that after another person signs in on this browser, the server refuses them.
 */
export function setPageUser(id: number | undefined, first = false): void {
  if (!first || pageUser === undefined) pageUser = id === undefined ? undefined : String(id);
}

function buildInit(method: HttpMethod, body: unknown, options: ApiRequestOptions): RequestInit {
  const headers: Record<string, string> = { ...options.headers };
  if (method !== 'GET' && pageUser !== undefined) headers[PAGE_USER_HEADER] = pageUser;
  const init: RequestInit = { method, credentials: 'include', headers };
  // Requirements §7: a JSON content type only when there is a body; a bodyless POST must not claim one.
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  if (options.signal) init.signal = options.signal;
  if (options.cache) init.cache = options.cache;
  return init;
}

/** `fetch`, aborted with a NoAnswerError when its answer has not begun within `timeoutMs` (null: no deadline). */
function fetchWithDeadline(
  url: string,
  init: RequestInit,
  signal: AbortSignal | undefined,
  timeoutMs: number | null,
): Promise<Response> {
  if (timeoutMs === null) return fetch(url, init);
  const controller = new AbortController();
  const forward = () => controller.abort(signal?.reason);
  if (signal?.aborted) forward();
  else signal?.addEventListener('abort', forward, { once: true });
  const deadline = setTimeout(() => controller.abort(new NoAnswerError()), timeoutMs);
  // The caller's abort still reaches the body as it is read; only the deadline ends with the answer's start.
  return fetch(url, { ...init, signal: controller.signal }).finally(() => clearTimeout(deadline));
}

/**
 * Reads sent before the app has asked for them (decision 080), by address: a start sends the café's reads right
 * behind the session check, and the first call of each takes the answer instead of asking again. An answer nobody took
 * within READ_AHEAD_KEPT_MS is dropped: a later call must not be given a list from the start.
 */
const readsAhead = new Map<string, Promise<Response>>();
export const READ_AHEAD_KEPT_MS = 10_000;

/** Sends a read now, exactly as a call of it would (`credentials`, deadline), for the call that follows to take. */
export function sendReadAhead(url: string): void {
  if (readsAhead.has(url)) return;
  const response = fetchWithDeadline(url, buildInit('GET', undefined, {}), undefined, READ_ANSWER_TIMEOUT_MS);
  // A failure reaches the call that takes it; one nobody takes is nobody's to report.
  response.catch(() => undefined);
  readsAhead.set(url, response);
  setTimeout(() => {
    if (readsAhead.get(url) !== response) return;
    readsAhead.delete(url);
    releaseUnread(response);
  }, READ_AHEAD_KEPT_MS);
}

/** Lets go of an answer nobody will read, so its connection is free again. */
function releaseUnread(response: Promise<Response>): void {
  response.then((unread) => unread.body?.cancel()).catch(() => undefined);
}

/** Drops every read sent ahead and not taken yet: whoever they were answered for is no longer signed in. */
export function dropReadsAhead(): void {
  for (const response of readsAhead.values()) releaseUnread(response);
  readsAhead.clear();
}

function takeReadAhead(url: string): Promise<Response> | undefined {
  const response = readsAhead.get(url);
  readsAhead.delete(url);
  return response;
}

/**
 * Every call of the app goes through here (requirements §7–§9): cookies always sent, JSON in, a thrown
 * `ApiRequestError` for any non-OK answer, and up to 3 retries with backoff (1 s doubling to 30 s, plus
 * up to 25 % jitter) when the network failed or the server answered 408, 429 or 5xx.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<Response> {
  const retries = options.retries ?? REQUEST_HELPER_RETRIES;
  const random = options.random ?? Math.random;
  const wait = options.sleep ?? sleep;
  const init = buildInit(method, body, options);

  for (let attempt = 0; ; attempt++) {
    const canRetry = attempt < retries;
    let response: Response;
    try {
      const sentAhead = attempt === 0 && method === 'GET' ? takeReadAhead(url) : undefined;
      response = await (sentAhead ??
        fetchWithDeadline(
          url,
          init,
          options.signal,
          options.answerTimeoutMs !== undefined
            ? options.answerTimeoutMs
            : method === 'GET'
              ? READ_ANSWER_TIMEOUT_MS
              : null,
        ));
      // An answer sent ahead was not asked with the caller's signal: an abort meanwhile still ends the call.
      if (sentAhead) options.signal?.throwIfAborted();
    } catch (error) {
      if (!canRetry || isAbort(error, options.signal)) throw error;
      await wait(backoffDelay(attempt, random), options.signal);
      continue;
    }
    if (response.ok) return response;
    if (canRetry && isRetryableStatus(response.status)) {
      // Release the unread body so the connection can be reused for the retry.
      await response.body?.cancel().catch(() => undefined);
      await wait(backoffDelay(attempt, random), options.signal);
      continue;
    }
    throw await errorFromResponse(response, method, url);
  }
}

/** `apiRequest` for calls that answer JSON; an empty answer (204) gives undefined. */
export async function apiRequestJson<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options?: ApiRequestOptions,
): Promise<T> {
  const response = await apiRequest(method, url, body, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
