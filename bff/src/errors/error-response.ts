import type { Logger } from '@bff/app-deps.ts';
import { isApiPath } from '@bff/http/security-headers.ts';
import { describeDatabaseRefusal, refusedByDatabase } from '@db/refused-by-database.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { ERROR_CATALOGUE, type ErrorBody } from '@engine/errors/error-catalogue.ts';
import { noApiRouteMessage } from '@engine/errors/refusal-messages.ts';
import { z } from 'zod';
import { describeIssues } from './validation-message.ts';

function json(status: number, body: ErrorBody, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/**
 * Elysia validated a part of the request with the endpoint's zod schema and refused it. The same schema is
 * run again with the offending input reported, so the message names the field the way the screen names it.
 */
function validationBody(error: unknown): ErrorBody {
  const { validator, value, type } = error as {
    validator?: { schema?: unknown };
    value?: unknown;
    type?: string;
  };
  const schema = validator?.schema;
  if (schema instanceof z.ZodType) {
    const result = schema.safeParse(value, { reportInput: true });
    if (!result.success) {
      const query =
        type === 'query' && value && typeof value === 'object'
          ? (value as Record<string, unknown>)
          : undefined;
      const details = describeIssues(result.error.issues, query);
      // A misspelt field ("qty") also leaves the field it meant missing; its name says what went wrong.
      const unknown = result.error.issues.findIndex((issue) => issue.code === 'unrecognized_keys');
      return {
        code: 'validation_failed',
        message: details[unknown]?.message ?? details[0]?.message ?? 'The request is not valid.',
        details,
      };
    }
  }
  return { code: 'validation_failed', message: 'The request is not valid.' };
}

/**
 * The one place errors become responses, `{ code, message, details? }`.
 *
 * Bad input is 400 (not Elysia's default 422): the client treats every 4xx except 408/429 as final, and
 * 400 is what people and tools expect for "your request was malformed". A value the database refused
 * (SQLSTATE class 22 or 23) that slipped past the schemas is a 400 or 409 without SQL in it. Anything not
 * anticipated is a 500 with a generic message; its details go to the log, never to the client.
 */
export function errorResponse(
  error: unknown,
  elysiaCode: string | number,
  request: Request,
  logger: Logger,
  logOutage?: (error: unknown, request: Request) => void,
): Response {
  if (error instanceof AppError) {
    if (error.code === 'database_unavailable') logOutage?.(error, request);
    return json(error.status, error.toBody(), { ...error.headers });
  }
  // Elysia wraps whatever a route's parse step throws; the access check and the bounded body reader
  // throw AppErrors there (401, 403, 413, 415) that must answer as themselves.
  if (elysiaCode === 'PARSE' && error instanceof Error && error.cause instanceof AppError) {
    return errorResponse(error.cause, 'APP', request, logger, logOutage);
  }
  const { pathname } = new URL(request.url);
  switch (elysiaCode) {
    case 'NOT_FOUND':
      return json(404, {
        code: 'not_found',
        message: isApiPath(pathname)
          ? noApiRouteMessage(request.method, pathname)
          : ERROR_CATALOGUE.not_found.message,
      });
    case 'PARSE':
      return json(400, new AppError('invalid_json').toBody());
    case 'VALIDATION':
      return json(400, validationBody(error));
    // Session cookies are not signed (see session-cookie.ts); a signed cookie that fails is still "signed out".
    case 'INVALID_COOKIE_SIGNATURE':
      return json(401, AppError.unauthorized().toBody());
  }
  const refused = refusedByDatabase(error);
  if (refused) {
    // A gap in the input schemas (or a race on a unique index): the detail is for whoever reads the log.
    logger.error(`Database refused ${request.method} ${pathname}: ${describeDatabaseRefusal(error)}`);
    return json(refused.status, refused.toBody());
  }
  logger.error(`Unhandled error on ${request.method} ${pathname}`, error);
  return json(500, new AppError('internal_error').toBody());
}
