/** Square's error envelope: `{ errors: [{ category, code, detail }] }`, as its API reference documents it. */
export function squareErrorResponse(
  status: number,
  category: string,
  code: string,
  detail: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json({ errors: [{ category, code, detail }] }, { status, headers });
}

export const unauthorized = () =>
  squareErrorResponse(
    401,
    'AUTHENTICATION_ERROR',
    'UNAUTHORIZED',
    'This request could not be authorized. Check the access token.',
  );

export const rateLimited = (retryAfterSeconds: number) =>
  squareErrorResponse(
    429,
    'RATE_LIMIT_ERROR',
    'RATE_LIMITED',
    'Too many requests. Retry after the period given in Retry-After.',
    { 'retry-after': String(retryAfterSeconds) },
  );

export const serverError = (status: 500 | 502 | 503) =>
  status === 500
    ? squareErrorResponse(500, 'API_ERROR', 'INTERNAL_SERVER_ERROR', 'An internal error occurred.')
    : squareErrorResponse(
        status,
        'API_ERROR',
        'SERVICE_UNAVAILABLE',
        'The service is temporarily unavailable.',
      );

export const badRequest = (code: string, detail: string, field?: string) =>
  Response.json(
    { errors: [{ category: 'INVALID_REQUEST_ERROR', code, detail, ...(field ? { field } : {}) }] },
    { status: 400 },
  );

export const notFound = (detail: string) =>
  squareErrorResponse(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', detail);
