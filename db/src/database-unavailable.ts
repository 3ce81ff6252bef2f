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

/** The 503 a person sees while the database is away; the request changed nothing (its transaction is gone). */
export function databaseUnavailable(): AppError {
  return new AppError('database_unavailable', undefined, {
    headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}

/** Rethrows a lost-connection error as the 503, a parameter the driver could not send as a data exception. */
export function translateDriverError(error: unknown): never {
  throw isDatabaseUnavailable(error) ? databaseUnavailable() : asDataException(error);
}
