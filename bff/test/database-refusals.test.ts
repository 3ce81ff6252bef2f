import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { errorResponse } from '@bff/errors/error-response.ts';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { buildFixture, type Fixture } from './fixtures.ts';
import { recordingLogger } from './http.ts';

/**
 * The net behind the input schemas: a statement the database refuses because of its values (SQLSTATE
 * class 22 or 23) answers a 4xx without SQL, and the detail goes to the log. The errors are the drivers'
 * own (PGlite here, postgres.js with TEST_DATABASE_URL), not imitations.
 */

let db: Db;
let fx: Fixture;

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
});
afterAll(() => db.close());

async function driverError(sql: string, params: (string | number)[] = []): Promise<unknown> {
  try {
    await db.query(sql, params);
  } catch (error) {
    return error;
  }
  throw new Error(`The database accepted: ${sql}`);
}

async function answer(error: unknown) {
  const logger = recordingLogger();
  const res = errorResponse(
    error,
    'UNKNOWN',
    new Request('http://localhost/api/anything', { method: 'POST' }),
    logger,
  );
  return { status: res.status, body: (await res.json()) as { code: string; message: string }, logger };
}

// Words of PostgreSQL's messages and of our schema that must not reach a person.
const SQL_WORDS =
  /sqlstate|syntax|relation|column|constraint|violates|integer|utf8|0x00|districts|user_locations/i;

describe('a value the database refuses', () => {
  test.each([
    ['a NUL byte in text', 'SELECT $1::text AS t', ['a\u0000b']],
    ['an integer out of range', 'SELECT $1::int AS n', ['2147483648']],
    ['a day that PostgreSQL does not have', 'SELECT $1::date AS d', ['0000-01-01']],
    ['a thirteenth month', 'SELECT $1::timestamptz AS t', ['2025-13-01T00:00:00Z']],
  ] as const)('%s is a 400 without SQL, logged in full', async (_, sql, params) => {
    const error = await driverError(sql, [...params]);
    const { status, body, logger } = await answer(error);
    expect(status).toBe(400);
    expect(body.code).toBe('validation_failed');
    expect(body.message).not.toMatch(SQL_WORDS);
    expect(logger.errors).toHaveLength(1);
    expect(logger.errors[0]).toMatch(/^Database refused POST \/api\/anything: SQLSTATE 22/);
  });

  test('a reference to a row that does not exist is a 400', async () => {
    const error = await driverError('INSERT INTO user_locations (user_id, location_id) VALUES ($1, $2)', [
      fx.users.staff.id,
      2_000_000_000,
    ]);
    const { status, body, logger } = await answer(error);
    expect(status).toBe(400);
    expect(body.message).not.toMatch(SQL_WORDS);
    expect(logger.errors[0]).toMatch(/SQLSTATE 23503/);
  });

  test('a clash with a unique index is a 409 conflict', async () => {
    const error = await driverError('INSERT INTO user_locations (user_id, location_id) VALUES ($1, $2)', [
      fx.users.staff.id,
      fx.locations.own.id,
    ]);
    const { status, body, logger } = await answer(error);
    expect(status).toBe(409);
    expect(body.code).toBe('conflict');
    expect(body.message).not.toMatch(SQL_WORDS);
    expect(logger.errors[0]).toMatch(/SQLSTATE 23505/);
  });

  test('any other database error is still a 500 with the generic message', async () => {
    const error = await driverError('SELECT * FROM no_such_table');
    const { status, body } = await answer(error);
    expect(status).toBe(500);
    expect(body).toEqual({
      code: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
});
