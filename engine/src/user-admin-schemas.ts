import { z } from 'zod';
import { strictBody } from './admin-body.ts';
import { changedKeys, expectedUpdatedAtSchema } from './changed-meanwhile.ts';
import { bodyId } from './input/record-id.ts';
import { refuseUnsafeCharacters, text } from './input/text.ts';
import { guessablePasswordReason } from './password-guessable.ts';
import { ROLE_KEYS, roleKeySchema } from './permissions.ts';

/**
 * What an administrator supplies to create a user, shared by the CLI (`parstock users add`) and the admin
 * screens. Messages name the bad value and the valid ones, because they are shown to people as they are.
 */

const id = z.number().int().positive();

export const userEmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter an email address')
  .max(254, 'Email must be at most 254 characters')
  // Refused before the address is echoed in a message: a control character would be printed as it is.
  .superRefine(refuseUnsafeCharacters('Email'))
  .pipe(z.email({ error: (issue) => `'${String(issue.input)}' is not a valid email address` }));

export const newUserRoleSchema = z.enum(roleKeySchema.options, {
  error: (issue) =>
    issue.input === undefined
      ? `Role is required. Valid roles: ${ROLE_KEYS.join(', ')}`
      : `Unknown role '${String(issue.input)}'. Valid roles: ${ROLE_KEYS.join(', ')}`,
});

const personNameSchema = (label: string) =>
  text(label, { max: 100, messages: { tooLong: 'Names must be at most 100 characters' } });

/** Location codes as people type them (e.g. DT-01); matched case-insensitively. */
export const locationCodeSchema = text('Location code', {
  required: true,
  max: 32,
  messages: {
    empty: 'A location code must not be empty',
    tooLong: 'A location code must be at most 32 characters',
  },
});

export const districtNameSchema = text('District name', {
  required: true,
  max: 100,
  messages: {
    empty: 'A district name must not be empty',
    tooLong: 'A district name must be at most 100 characters',
  },
});

// Long enough to resist guessing even without the sign-in rate limit, and none of the long ones guessed first
// (only spaces, repeats, runs, common words); no composition rules (NIST 800-63B).
export const newPasswordSchema = text('Password', {
  keepSpaces: true,
  max: 1024,
  messages: { tooLong: 'A password must be at most 1024 characters' },
})
  .min(12, { error: 'A password must be at least 12 characters', abort: true })
  .superRefine((password, context) => {
    // A password past the limit has its own message already.
    const reason = password.length <= 1024 ? guessablePasswordReason(password) : null;
    if (reason) context.addIssue({ code: 'custom', message: reason });
  });

const userFields = {
  email: userEmailSchema,
  firstName: personNameSchema('First name').default(''),
  lastName: personNameSchema('Last name').default(''),
  role: newUserRoleSchema,
};

/** A new user as the database stores it: places by id. */
export const newUserSchema = z.object({
  ...userFields,
  locationIds: z.array(bodyId('location id')).default([]),
  districtIds: z.array(bodyId('district id')).default([]),
  password: newPasswordSchema,
});
export type NewUserInput = z.input<typeof newUserSchema>;
export type NewUser = z.output<typeof newUserSchema>;

/** A new user as a person names it on the command line: places by location code and district name. */
export const newUserByNameSchema = z.object({
  ...userFields,
  locationCodes: z.array(locationCodeSchema).default([]),
  districtNames: z.array(districtNameSchema).default([]),
});
export type NewUserByNameInput = z.input<typeof newUserByNameSchema>;

export const userSummarySchema = z.object({
  id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleKeySchema,
  active: z.boolean(),
  mustChangePassword: z.boolean(),
  locationCodes: z.array(z.string()),
  districtNames: z.array(z.string()),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** The first problem of a failed parse, as one sentence for a person. */
export function firstIssueMessage(error: z.ZodError): string {
  const [issue] = error.issues;
  if (!issue) return 'Invalid input';
  return issue.message;
}

const placeIds = (label: string, one: string) =>
  z
    .array(bodyId(one), { error: `${label} must be a list of ids` })
    .max(1000, `${label} may hold at most 1000 ids`)
    .transform((ids) => [...new Set(ids)]);

/** POST /api/admin/users: an invitation. The server makes the one-time password and shows it once. */
export const inviteUserBodySchema = strictBody({
  ...userFields,
  locationIds: placeIds('locationIds', 'location id').default([]),
  districtIds: placeIds('districtIds', 'district id').default([]),
});
export type InviteUserBody = z.input<typeof inviteUserBodySchema>;

/** PATCH /api/admin/users/:id: any of these; `locationIds`/`districtIds` replace the assignments. */
export const updateUserBodySchema = strictBody({
  firstName: personNameSchema('First name').optional(),
  lastName: personNameSchema('Last name').optional(),
  role: newUserRoleSchema.optional(),
  locationIds: placeIds('locationIds', 'location id').optional(),
  districtIds: placeIds('districtIds', 'district id').optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
  expectedUpdatedAt: expectedUpdatedAtSchema,
}).refine((body) => changedKeys(body).length > 0, { error: 'Send at least one field to change.' });
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

/** A user as the admin screens list it: the summary plus the ids their forms edit. */
export const adminUserSchema = userSummarySchema.extend({
  locationIds: z.array(id),
  districtIds: z.array(id),
  /** Sent back by the edit form as `expectedUpdatedAt`. */
  updatedAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The answer to an invitation or a password reset: the password is in no other answer, ever. */
export const userWithOneTimePasswordSchema = z.object({
  user: adminUserSchema,
  oneTimePassword: z.string(),
});
export type UserWithOneTimePassword = z.infer<typeof userWithOneTimePasswordSchema>;
