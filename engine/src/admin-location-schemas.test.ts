import { describe, expect, test } from 'bun:test';
import {
  createLocationBodySchema,
  isKnownTimeZone,
  updateLocationBodySchema,
} from './admin-location-schemas.ts';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('locations', () => {
  test('time zones come from the IANA list the runtime knows, plus UTC', () => {
    expect(isKnownTimeZone('America/New_York')).toBe(true);
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('america/new_york')).toBe(false);
    // The older names a browser's list offers (Chromium's) are the same zones to the server and the database.
    for (const older of [
      'Asia/Calcutta',
      'America/Indianapolis',
      'Europe/Kiev',
      'Asia/Saigon',
      'Asia/Katmandu',
    ])
      expect({ older, known: isKnownTimeZone(older) }).toEqual({ older, known: true });
    expect(isKnownTimeZone('Asia/Kolkata')).toBe(true);
    // An offset is not a zone: PostgreSQL reads '+05:30' as five and a half hours *west*.
    expect(isKnownTimeZone('+05:30')).toBe(false);
    expect(isKnownTimeZone('EST5EDT')).toBe(false);
  });

  test('a new location gets defaults and trimmed text', () => {
    expect(createLocationBodySchema.parse({ name: ' Pier ', code: 'PR-1', districtId: 3 })).toEqual({
      name: 'Pier',
      code: 'PR-1',
      districtId: 3,
      timezone: 'America/New_York',
      active: true,
    });
  });

  test('refusals name the field and the valid form', () => {
    const base = { name: 'Pier', code: 'PR', districtId: 1 };
    expect(firstMessage(createLocationBodySchema.safeParse({ ...base, timezone: 'Mars/Base' }))).toBe(
      "'Mars/Base' is not a known time zone; use a name like America/New_York or Europe/Berlin",
    );
    expect(firstMessage(createLocationBodySchema.safeParse({ ...base, code: 'P R' }))).toBe(
      'A location code may hold only letters, digits, "-", "_" and "."',
    );
    expect(firstMessage(createLocationBodySchema.safeParse({ name: 'Pier', code: 'PR' }))).toBe(
      'districtId is required and must be a number',
    );
    expect(firstMessage(updateLocationBodySchema.safeParse({}))).toBe('Send at least one field to change.');
    expect(updateLocationBodySchema.safeParse({ nickname: 'x' }).error?.issues[0]?.code).toBe(
      'unrecognized_keys',
    );
  });
});
