import { describe, expect, test } from 'bun:test';
import { inviteUserBodySchema, updateUserBodySchema } from './user-admin-schemas.ts';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('inviteUserBodySchema', () => {
  test('normalises the email, defaults names and places, and drops repeated ids', () => {
    expect(
      inviteUserBodySchema.parse({ email: ' Nora@Example.com ', role: 'staff', locationIds: [3, 1, 3] }),
    ).toEqual({
      email: 'nora@example.com',
      firstName: '',
      lastName: '',
      role: 'staff',
      locationIds: [3, 1],
      districtIds: [],
    });
  });

  test('refuses a password (the server makes one), a bad email or role, and bad ids', () => {
    expect(
      inviteUserBodySchema.safeParse({ email: 'a@example.com', role: 'staff', password: 'x' }).error
        ?.issues[0]?.code,
    ).toBe('unrecognized_keys');
    expect(firstMessage(inviteUserBodySchema.safeParse({ email: 'nope', role: 'staff' }))).toBe(
      "'nope' is not a valid email address",
    );
    expect(firstMessage(inviteUserBodySchema.safeParse({ email: '  ', role: 'staff' }))).toBe(
      'Enter an email address',
    );
    // A control character is refused by name, never echoed back inside the address.
    expect(firstMessage(inviteUserBodySchema.safeParse({ email: 'a\u0000@x.test', role: 'staff' }))).toBe(
      'Email contains a NUL character, which cannot be stored; remove it',
    );
    expect(firstMessage(inviteUserBodySchema.safeParse({ email: 'a@example.com', role: 'owner' }))).toBe(
      "Unknown role 'owner'. Valid roles: staff, cafe_manager, district_manager, admin",
    );
    expect(
      firstMessage(inviteUserBodySchema.safeParse({ email: 'a@example.com', role: 'staff', locationIds: 4 })),
    ).toBe('locationIds must be a list of ids');
  });
});

describe('updateUserBodySchema', () => {
  test('any subset of the fields; nothing at all is refused', () => {
    expect(updateUserBodySchema.parse({ active: false })).toEqual({ active: false });
    expect(updateUserBodySchema.parse({ districtIds: [2, 2] })).toEqual({ districtIds: [2] });
    expect(firstMessage(updateUserBodySchema.safeParse({}))).toBe('Send at least one field to change.');
  });
});
