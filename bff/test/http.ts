import { type CreateAppOptions, createApp } from '@bff/app.ts';
import type { Logger } from '@bff/app-deps.ts';
import { type AppConfig, parseConfig } from '@bff/config.ts';
import type { Db } from '@db/client.ts';

export const ORIGIN = 'http://localhost';

/** The time sign-in attempt limits are judged at in tests, unless a test brings its own clock. */
export const TEST_CLOCK = new Date('2026-06-01T09:00:00Z');

export function testConfig(env: Record<string, string> = {}): AppConfig {
  return parseConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent/parstock-web-dist', ...env });
}

/** Collects what the app logs, so a test can assert on it and nothing reaches the console unasked. */
export function recordingLogger(): Logger & { errors: string[]; infos: string[] } {
  const errors: string[] = [];
  const infos: string[] = [];
  return {
    errors,
    infos,
    info: (message) => infos.push(message),
    error: (message, error) => errors.push(error instanceof Error ? `${message}: ${error.message}` : message),
  };
}

export function testApp(db: Db, options: Partial<Omit<CreateAppOptions, 'db'>> = {}) {
  return createApp({
    db,
    config: options.config ?? testConfig(),
    logger: options.logger ?? recordingLogger(),
    // A fixed clock: a sign-in wait the test reached stays in force however slow the machine is.
    signInLimitsClock: options.signInLimitsClock ?? (() => TEST_CLOCK),
  });
}

export interface CallOptions {
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Same-origin by default, as the browser sends it for the app's own writes. */
  origin?: string | null;
  /** Where the request is sent, e.g. https://parstock.test to act as a direct HTTPS request. */
  base?: string;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** One request through `app.handle`, as a browser on the app's own origin would send it. */
export async function call(
  app: { handle(request: Request): Promise<Response> },
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set('cookie', options.cookie);
  const base = options.base ?? ORIGIN;
  const origin = options.origin === undefined ? new URL(base).origin : options.origin;
  if (origin !== null && method !== 'GET' && method !== 'HEAD') headers.set('origin', origin);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    // As a browser sends it, and as the server then reads it: whole, by its declared length.
    if (!headers.has('content-length')) headers.set('content-length', String(Buffer.byteLength(body)));
  }
  const response = await app.handle(new Request(`${base}${path}`, { method, headers, body }));
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {}
  return { status: response.status, headers: response.headers, text, json };
}

/** The session id a response set, or null when it set none. */
export function setCookieOf(result: CallResult): string | null {
  return result.headers.get('set-cookie');
}

export function sidFrom(setCookie: string | null): string {
  const match = setCookie?.match(/(?:^|\s)sid=([^;]*)/);
  if (!match?.[1]) throw new Error(`No sid in Set-Cookie: ${setCookie}`);
  return `sid=${match[1]}`;
}
