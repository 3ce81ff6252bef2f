import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  BACKOFF_CAP_MS,
  backoffDelay,
  errorStatus,
  isClientError,
  isRetryableStatus,
  READ_RETRIES,
  REQUEST_HELPER_RETRIES,
  shouldRetryQuery,
  WRITE_RETRIES,
} from './backoff.ts';

const noJitter = () => 0;
const fullJitter = () => 0.999_999_999;

describe('backoffDelay', () => {
  test('starts at 1000 ms and doubles', () => {
    expect([0, 1, 2, 3, 4].map((attempt) => backoffDelay(attempt, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 16000,
    ]);
  });

  test('caps at 30000 ms from the sixth attempt on', () => {
    expect(backoffDelay(4, noJitter)).toBe(16_000);
    expect(backoffDelay(5, noJitter)).toBe(30_000);
    expect(backoffDelay(50, noJitter)).toBe(30_000);
    expect(backoffDelay(5000, noJitter)).toBe(30_000);
  });

  test('adds at most 25 % jitter', () => {
    expect(backoffDelay(0, () => 0.5)).toBe(1125);
    expect(backoffDelay(0, fullJitter)).toBe(1249);
    expect(backoffDelay(5, fullJitter)).toBe(37_499);
  });

  test('a random source outside [0, 1) cannot leave the band', () => {
    expect(backoffDelay(0, () => 7)).toBe(1250);
    expect(backoffDelay(0, () => -1)).toBe(1000);
    expect(backoffDelay(0, () => Number.NaN)).toBe(1000);
  });

  test('a negative or unreadable attempt is the first', () => {
    expect(backoffDelay(-3, noJitter)).toBe(1000);
    expect(backoffDelay(Number.NaN, noJitter)).toBe(1000);
    expect(backoffDelay(Number.POSITIVE_INFINITY, noJitter)).toBe(30_000);
  });

  test('uses Math.random by default and stays in the band', () => {
    for (let i = 0; i < 50; i++) {
      const delay = backoffDelay(1);
      expect(delay).toBeGreaterThanOrEqual(2000);
      expect(delay).toBeLessThanOrEqual(2500);
    }
  });

  test('property: between min(1000·2^attempt, 30000) and 25 % above it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (attempt, r) => {
          const base = Math.min(1000 * 2 ** attempt, BACKOFF_CAP_MS);
          const delay = backoffDelay(attempt, () => r);
          expect(delay).toBeGreaterThanOrEqual(base);
          expect(delay).toBeLessThanOrEqual(base * 1.25);
          expect(Number.isInteger(delay)).toBe(true);
        },
      ),
    );
  });

  test('property: never shorter for a later attempt with the same jitter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        (a, b, r) => {
          const [earlier, later] = a <= b ? [a, b] : [b, a];
          expect(backoffDelay(later, () => r)).toBeGreaterThanOrEqual(backoffDelay(earlier, () => r));
        },
      ),
    );
  });
});

describe('isRetryableStatus', () => {
  test.each([undefined, 0, 408, 429, 500, 502, 503, 504, 599])('retries %p', (status) => {
    expect(isRetryableStatus(status)).toBe(true);
  });

  test.each([200, 204, 301, 304, 400, 401, 403, 404, 409, 422, 499])('does not retry %p', (status) => {
    expect(isRetryableStatus(status)).toBe(false);
  });

  test('property: a 4xx is retried only when it is 408 or 429', () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 499 }), (status) => {
        expect(isRetryableStatus(status)).toBe(status === 408 || status === 429);
      }),
    );
  });

  test('property: every 5xx and above is retried', () => {
    fc.assert(
      fc.property(fc.integer({ min: 500, max: 999 }), (status) =>
        expect(isRetryableStatus(status)).toBe(true),
      ),
    );
  });
});

describe('isClientError', () => {
  test.each([
    [400, true],
    [404, true],
    [499, true],
    [408, false],
    [429, false],
    [399, false],
    [500, false],
    [undefined, false],
  ] as const)('%p is a client error: %p', (status, expected) => {
    expect(isClientError(status)).toBe(expected);
  });
});

describe('errorStatus', () => {
  test('reads a numeric status property', () => {
    expect(errorStatus(Object.assign(new Error('nope'), { status: 409 }))).toBe(409);
  });

  test('reads the "status: body" message of a failed response', () => {
    expect(errorStatus(new Error('404: {"message":"Not found"}'))).toBe(404);
    expect(errorStatus(new Error('503: Service Unavailable'))).toBe(503);
  });

  test.each([
    ['a failed fetch', new TypeError('Failed to fetch')],
    ['a status not at the start', new Error('Request 404: ignored because it is not at the start')],
    ['a thrown string', 'a string'],
    ['null', null],
    ['undefined', undefined],
  ])('has no status for %s', (_label, error) => {
    expect(errorStatus(error)).toBeUndefined();
  });
});

describe('shouldRetryQuery', () => {
  test('requirements §9 retry budgets', () => {
    expect([READ_RETRIES, WRITE_RETRIES, REQUEST_HELPER_RETRIES]).toEqual([3, 2, 3]);
  });

  test('retries a network failure up to the budget', () => {
    const offline = new TypeError('Failed to fetch');
    expect([0, 1, 2, 3].map((failures) => shouldRetryQuery(failures, offline, READ_RETRIES))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect([0, 1, 2].map((failures) => shouldRetryQuery(failures, offline, WRITE_RETRIES))).toEqual([
      true,
      true,
      false,
    ]);
  });

  test.each(['400: bad', '401: Unauthorized', '403: Forbidden', '404: Not Found', '422: invalid'])(
    'does not retry a client error (%s)',
    (message) => {
      expect(shouldRetryQuery(0, new Error(message), READ_RETRIES)).toBe(false);
    },
  );

  test.each(['408: Request Timeout', '429: Too Many Requests', '500: oops', '503: down'])(
    'retries %s',
    (message) => {
      expect(shouldRetryQuery(0, new Error(message), READ_RETRIES)).toBe(true);
    },
  );

  test('property: never retries past the budget', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.nat(20),
        fc.option(fc.integer({ min: 0, max: 999 })),
        (maxRetries, extra, status) => {
          const error =
            status === null ? new TypeError('Failed to fetch') : { status, message: `${status}: x` };
          expect(shouldRetryQuery(maxRetries + extra, error, maxRetries)).toBe(false);
        },
      ),
    );
  });

  test('property: within the budget, only non-retryable client errors stop it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 999 }), fc.integer({ min: 0, max: 2 }), (status, failures) => {
        const expected = !(status >= 400 && status <= 499 && status !== 408 && status !== 429);
        expect(shouldRetryQuery(failures, { status }, READ_RETRIES)).toBe(expected);
      }),
    );
  });
});
