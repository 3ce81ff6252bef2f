import { z } from 'zod';
import { strictBody } from './admin-body.ts';
import { changedKeys, expectedUpdatedAtSchema } from './changed-meanwhile.ts';
import { bodyId } from './input/record-id.ts';
import { text } from './input/text.ts';

/** Districts and locations as the admin screens edit them. */

const id = z.number().int().positive();

// The runtime's own list of IANA zones; 'UTC' is valid everywhere but not always listed.
const TIME_ZONES: ReadonlySet<string> = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/** An IANA name's shape (Area/Location…): never an offset such as +05:30, which PostgreSQL reads the other way round. */
const IANA_NAME = /^[A-Za-z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+)+$/;

/**
 * A zone this runtime lists, or one of the IANA names it knows under another (Asia/Calcutta for Asia/Kolkata). The
 * lists differ between engines: Chromium's has the old names and Bun's the new ones, so a zone picked in the
 * browser's list was refused by the server. Both engines, and PostgreSQL, read either name.
 */
export function isKnownTimeZone(value: string): boolean {
  if (TIME_ZONES.has(value)) return true;
  if (!IANA_NAME.test(value)) return false;
  try {
    // Written as the runtime writes it: `america/new_york` is read, but is not how a zone is named.
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone === value;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: 'timezone must be text' })
  .trim()
  .refine(isKnownTimeZone, {
    error: (issue) =>
      `'${String(issue.input)}' is not a known time zone; use a name like America/New_York or Europe/Berlin`,
  });

const districtName = text('Name', {
  required: true,
  max: 100,
  messages: {
    type: 'name is required',
    empty: 'A district name must not be empty',
    tooLong: 'A district name must be at most 100 characters',
  },
});

/** A new district's name. */
export const districtBodySchema = strictBody({ name: districtName });

/** A rename, with optionally `expectedName`: the name the form was opened with (decision 120), a name as stored. */
export const renameDistrictBodySchema = strictBody({
  name: districtName,
  expectedName: districtName.optional(),
});
export type DistrictBody = z.infer<typeof districtBodySchema>;
export type RenameDistrictBody = z.infer<typeof renameDistrictBodySchema>;

export const adminDistrictSchema = z.object({ id, name: z.string(), locationCount: z.number().int() });
export type AdminDistrict = z.infer<typeof adminDistrictSchema>;

const locationName = text('Name', {
  required: true,
  max: 100,
  messages: {
    type: 'name is required',
    empty: 'A location name must not be empty',
    tooLong: 'A location name must be at most 100 characters',
  },
});

// Codes are typed by people (the CLI, imports), so they are short and plain.
const locationCode = text('Code', {
  required: true,
  max: 32,
  messages: {
    type: 'code is required',
    empty: 'A location code must not be empty',
    tooLong: 'A location code must be at most 32 characters',
  },
}).regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'A location code may hold only letters, digits, "-", "_" and "."');

const districtId = (error: string) => bodyId('districtId', { type: error });

export const createLocationBodySchema = strictBody({
  name: locationName,
  code: locationCode,
  districtId: districtId('districtId is required and must be a number'),
  timezone: timeZoneSchema.default('America/New_York'),
  active: z.boolean({ error: 'active must be true or false' }).default(true),
});
export type CreateLocationBody = z.input<typeof createLocationBodySchema>;

export const updateLocationBodySchema = strictBody({
  name: locationName.optional(),
  code: locationCode.optional(),
  districtId: districtId('districtId must be a number').optional(),
  timezone: timeZoneSchema.optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
  expectedUpdatedAt: expectedUpdatedAtSchema,
}).refine((body) => changedKeys(body).length > 0, { error: 'Send at least one field to change.' });
export type UpdateLocationBody = z.input<typeof updateLocationBodySchema>;

export const adminLocationSchema = z.object({
  id,
  name: z.string(),
  code: z.string(),
  districtId: id,
  districtName: z.string(),
  timezone: z.string(),
  squareLocationId: z.string().nullable(),
  active: z.boolean(),
  /** The day it was made inactive, on its own clock (decision 114); null while open, or when no date was kept. */
  closedOn: z.string().nullable(),
  /** Every spell it was closed, oldest first, in days on its own clock; the last has no end while it is closed (decision 117). */
  closedSpells: z.array(z.object({ closedOn: z.string(), reopenedOn: z.string().nullable() })),
  /** When an admin last edited it: an edit form sends it back as `expectedUpdatedAt` (decision 120). */
  updatedAt: z.string(),
});
export type AdminLocation = z.infer<typeof adminLocationSchema>;
