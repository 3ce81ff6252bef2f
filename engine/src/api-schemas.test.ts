import { describe, expect, test } from 'bun:test';
import { completeCountBodySchema, locationIdSchema, loginBodySchema } from './api-schemas.ts';

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('locationIdSchema', () => {
  test.each([
    [3, 3],
    ['3', 3],
    [2_147_483_647, 2_147_483_647],
  ] as const)('accepts %p as %p', (input, expected) => {
    expect(locationIdSchema.parse(input)).toBe(expected);
  });

  test.each([
    ['', 'locationId must be a whole number'],
    ['abc', 'locationId must be a whole number'],
    ['3.5', 'locationId must be a whole number'],
    // Another spelling of 3 or 42 is not an id: one record, one way to name it.
    [' 3 ', 'locationId must be a whole number'],
    ['+3', 'locationId must be a whole number'],
    ['0042', 'locationId must be written without leading zeros'],
    ['3e0', 'locationId must be a whole number'],
    ['2147483648', 'locationId is too large'],
    ['99999999999999999999999', 'locationId is too large'],
    [3.5, 'locationId must be a whole number'],
    ['-1', 'locationId must be a whole number'],
    [-1, 'locationId must be a positive number'],
    [0, 'locationId must be a positive number'],
    ['0', 'locationId must be a positive number'],
    [2_147_483_648, 'locationId is too large'],
    [true, 'locationId is required and must be a number'],
    [null, 'locationId is required and must be a number'],
    [undefined, 'locationId is required and must be a number'],
    [Number.NaN, 'locationId is required and must be a number'],
  ] as const)('rejects %p with "%s"', (input, message) => {
    expect(messagesOf(locationIdSchema.safeParse(input))).toEqual([message]);
  });

  test('the count completion body carries the same rule', () => {
    expect(completeCountBodySchema.parse({ locationId: '7' })).toEqual({ locationId: 7 });
    expect(messagesOf(completeCountBodySchema.safeParse({}))).toEqual([
      'locationId is required and must be a number',
    ]);
  });
});

describe('loginBodySchema', () => {
  const emailMessages = (email: unknown) =>
    messagesOf(loginBodySchema.safeParse({ email, password: 'secret' }));
  const passwordMessages = (password: unknown) =>
    messagesOf(loginBodySchema.safeParse({ email: 'ana@example.com', password }));

  test('trims the email address', () => {
    expect(loginBodySchema.parse({ email: '  ana@example.com ', password: 'secret' })).toEqual({
      email: 'ana@example.com',
      password: 'secret',
    });
  });

  test.each([undefined, '', '   ', 5])('an empty or missing email asks for it once (%p)', (email) => {
    expect(emailMessages(email)).toEqual(['Enter your email address']);
  });

  test('an email without an @ is not valid', () => {
    expect(emailMessages('ana.example.com')).toEqual(['Enter a valid email address']);
  });

  test('an email over 254 characters is too long', () => {
    expect(emailMessages(`${'a'.repeat(250)}@example.com`)).toContain('Email address is too long');
  });

  test.each([undefined, ''])('an empty or missing password asks for it (%p)', (password) => {
    expect(passwordMessages(password)).toEqual(['Enter your password']);
  });

  test('the password is kept exactly as typed, spaces included', () => {
    expect(loginBodySchema.parse({ email: 'ana@example.com', password: ' pass ' }).password).toBe(' pass ');
  });

  test('a password over 1024 characters is too long', () => {
    expect(passwordMessages('p'.repeat(1025))).toEqual(['Password is too long']);
  });
});
