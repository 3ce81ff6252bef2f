import { describe, expect, test } from 'bun:test';
import {
  changePasswordBodySchema,
  changePasswordFormSchema,
  NEW_PASSWORD_MIN_LENGTH,
  PASSWORDS_DIFFER_MESSAGE,
  SAME_PASSWORD_MESSAGE,
} from './password-change-schemas.ts';

function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): [string, string][] {
  return result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
}

// Twelve characters, none of the guessed-first kinds (password-guessable.ts).
const longEnough = 'oat milk jug';

describe('changePasswordBodySchema', () => {
  test('accepts a current password and a different new one of the minimum length', () => {
    expect(changePasswordBodySchema.parse({ currentPassword: 'k7Qm-Xa3p', newPassword: longEnough })).toEqual(
      {
        currentPassword: 'k7Qm-Xa3p',
        newPassword: longEnough,
      },
    );
  });

  test('the minimum length is the one every password follows (12)', () => {
    expect(NEW_PASSWORD_MIN_LENGTH).toBe(12);
    expect(longEnough).toHaveLength(NEW_PASSWORD_MIN_LENGTH);
    expect(
      issuesOf(
        changePasswordBodySchema.safeParse({ currentPassword: 'a', newPassword: longEnough.slice(1) }),
      ),
    ).toEqual([['newPassword', 'A password must be at least 12 characters']]);
  });

  test('says which field is missing', () => {
    expect(issuesOf(changePasswordBodySchema.safeParse({}))).toEqual([
      ['currentPassword', 'Enter your current password'],
      ['newPassword', 'Enter a new password'],
    ]);
    expect(issuesOf(changePasswordBodySchema.safeParse({ currentPassword: '', newPassword: '' }))).toEqual([
      ['currentPassword', 'Enter your current password'],
      ['newPassword', 'Enter a new password'],
    ]);
  });

  test('refuses a new password equal to the current one, on the new password', () => {
    expect(
      issuesOf(changePasswordBodySchema.safeParse({ currentPassword: longEnough, newPassword: longEnough })),
    ).toEqual([['newPassword', SAME_PASSWORD_MESSAGE]]);
  });

  test('a new password differing only in case is a different password', () => {
    const upper = longEnough.toUpperCase();
    expect(
      changePasswordBodySchema.safeParse({ currentPassword: longEnough, newPassword: upper }).success,
    ).toBe(true);
  });

  test('caps both passwords at 1024 characters', () => {
    expect(
      issuesOf(
        changePasswordBodySchema.safeParse({
          currentPassword: 'x'.repeat(1025),
          newPassword: 'y'.repeat(1025),
        }),
      ),
    ).toEqual([
      ['currentPassword', 'Password is too long'],
      ['newPassword', 'A password must be at most 1024 characters'],
    ]);
  });
});

describe('changePasswordFormSchema', () => {
  test('the confirmation must repeat the new password', () => {
    expect(
      issuesOf(
        changePasswordFormSchema.safeParse({
          currentPassword: 'old',
          newPassword: longEnough,
          confirmPassword: `${longEnough}!`,
        }),
      ),
    ).toEqual([['confirmPassword', PASSWORDS_DIFFER_MESSAGE]]);
  });

  test('an empty confirmation asks for it', () => {
    expect(
      issuesOf(
        changePasswordFormSchema.safeParse({
          currentPassword: 'old',
          newPassword: longEnough,
          confirmPassword: '',
        }),
      ),
    ).toEqual([['confirmPassword', 'Type the new password again']]);
  });

  test('a matching confirmation parses', () => {
    expect(
      changePasswordFormSchema.safeParse({
        currentPassword: 'old',
        newPassword: longEnough,
        confirmPassword: longEnough,
      }).success,
    ).toBe(true);
  });
});
