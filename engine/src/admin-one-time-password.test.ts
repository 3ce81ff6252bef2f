import { describe, expect, test } from 'bun:test';
import { generateOneTimePassword } from './admin-one-time-password.ts';
import { newPasswordSchema } from './user-admin-schemas.ts';

describe('generateOneTimePassword', () => {
  test('is four groups of four unambiguous characters, and a valid new password', () => {
    const password = generateOneTimePassword();
    expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{4}(-[a-km-zA-HJ-NP-Z2-9]{4}){3}$/);
    expect(newPasswordSchema.safeParse(password).success).toBe(true);
  });

  test('does not repeat', () => {
    const passwords = new Set(Array.from({ length: 200 }, () => generateOneTimePassword()));
    expect(passwords.size).toBe(200);
  });

  test('skips bytes that would bias the alphabet', () => {
    // 255 lies above the largest multiple of the alphabet size; only the zeros may be used.
    const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 255 : 0));
    expect(generateOneTimePassword(bytes)).toBe('aaaa-aaaa-aaaa-aaaa');
  });
});
