import { z } from 'zod';
import { text } from './input/text.ts';
import { newPasswordSchema } from './user-admin-schemas.ts';

/**
 * A signed-in person replacing their own password: the one-time password an administrator handed out, or
 * one they chose before. The new one follows the same rule as every password (`newPasswordSchema`).
 */

export const SAME_PASSWORD_MESSAGE = 'Your new password must be different from your current one.';
export const PASSWORDS_DIFFER_MESSAGE = 'The new passwords do not match.';

/** The shortest new password the rule accepts, for the hint shown beside the field. */
export const NEW_PASSWORD_MIN_LENGTH = newPasswordSchema.minLength ?? 0;

// `abort` on the emptiness checks keeps an empty field to one message: the comparisons below do not run.
const changePasswordFields = {
  currentPassword: text('Current password', {
    keepSpaces: true,
    required: true,
    max: 1024,
    messages: {
      type: 'Enter your current password',
      empty: 'Enter your current password',
      tooLong: 'Password is too long',
    },
  }),
  newPassword: z
    .string({ error: 'Enter a new password' })
    .min(1, { error: 'Enter a new password', abort: true })
    .pipe(newPasswordSchema),
};

/** POST /api/auth/change-password. */
export const changePasswordBodySchema = z
  .object(changePasswordFields)
  .refine((body) => body.newPassword !== body.currentPassword, {
    error: SAME_PASSWORD_MESSAGE,
    path: ['newPassword'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The form behind that call: the new password typed twice, so a typo does not lock the person out. */
export const changePasswordFormSchema = z
  .object({
    ...changePasswordFields,
    confirmPassword: z
      .string({ error: 'Type the new password again' })
      .min(1, { error: 'Type the new password again', abort: true }),
  })
  .refine((form) => form.newPassword !== form.currentPassword, {
    error: SAME_PASSWORD_MESSAGE,
    path: ['newPassword'],
  })
  .refine((form) => form.confirmPassword === form.newPassword, {
    error: PASSWORDS_DIFFER_MESSAGE,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
