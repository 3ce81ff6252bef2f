import { AppError } from '@engine/errors/app-error.ts';
import { asDataException } from './refused-by-database.ts';

/** How long a client should wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// postgres.js's own codes for a connection that could not be made or was lost, and the socket errors beneath.
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // A Unix socket's file is gone while its server restarts.
  'ENOENT',
]);

// SQLSTATEs of a server that is going away or not taking connections: class 08 (connection exception),
// 57P01–57P03 (terminated by an administrator, crash shutdown, starting up), 53300 (too many connections).
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;

/** Whether an error means "the database is not reachable now" rather than "this statement is wrong". */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'database_unavailable';
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return false;
  return CONNECTION_CODES.has(code) || UNAVAILABLE_STATES.test(code);
}

/**
 * The 503 a person sees while the database is away; the request changed nothing (its transaction is gone). The
 * driver's error rides along as `cause`, for the operator's log (`databaseCause`).
 */
export function databaseUnavailable(cause?: unknown): AppError {
  return new AppError('database_unavailable', undefined, {
    headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    cause,
  });
}

/** Rethrows a lost-connection error as the 503, a parameter the driver could not send as a data exception. */
export function translateDriverError(error: unknown): never {
  throw isDatabaseUnavailable(error) ? databaseUnavailable(error) : asDataException(error);
}

/**
 * Why the database could not be reached, for the log: the driver's code and words ("ECONNREFUSED: connect
 * ECONNREFUSED 127.0.0.1:5433", "53300: sorry, too many clients already"). Drivers name the host and port, never
 * the password. Null when nothing lies beneath.
 */
export function databaseCause(error: unknown): string | null {
  const beneath = error instanceof AppError ? error.cause : error;
  if (!(beneath instanceof Error)) return null;
  const code = (beneath as { code?: unknown }).code;
  return typeof code === 'string' && !beneath.message.includes(code)
    ? `${code}: ${beneath.message}`
    : beneath.message;
}
