import type { AuthUser } from '@engine/api-schemas.ts';
import {
  type ChangePasswordForm as ChangePasswordFields,
  changePasswordFormSchema,
  NEW_PASSWORD_MIN_LENGTH,
} from '@engine/password-change-schemas.ts';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useChangePassword } from '@web/features/auth/api/change-password.ts';
import { ApiRequestError, errorMessageForPerson } from '@web/lib/api-request.ts';
import { AlertCircle } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';

type Field = keyof ChangePasswordFields;
type FieldErrors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];

export const NEW_PASSWORD_RULES = [
  `At least ${NEW_PASSWORD_MIN_LENGTH} characters. A few unrelated words are strong and easy to remember.`,
  'Not only spaces, a few characters repeated, a run such as 123456789012, or a common word with digits.',
  'Different from your current password.',
] as const;

const UNREACHABLE = 'Could not reach Parstock. Check your connection and try again.';

const isField = (value: unknown): value is Field => FIELDS.includes(value as Field);

/** The server's `details` that name one of this form's fields, first message per field. */
function fieldErrorsFromServer(error: unknown): FieldErrors {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return {};
  const details = error.body?.details;
  const errors: FieldErrors = {};
  if (!Array.isArray(details)) return errors;
  for (const detail of details as { path?: unknown; message?: unknown }[]) {
    if (isField(detail.path) && typeof detail.message === 'string') errors[detail.path] ??= detail.message;
  }
  return errors;
}

/** What to say above the form when the refusal is not about one field. */
function formErrorMessage(error: unknown): { title: string; message: string } {
  if (error instanceof ApiRequestError && error.status === 429) {
    return {
      title: 'Too many attempts',
      message: errorMessageForPerson(error, 'Please wait and try again.'),
    };
  }
  if (error instanceof ApiRequestError) {
    return {
      title: 'Could not change your password',
      message: errorMessageForPerson(error, 'Please try again in a moment.'),
    };
  }
  return { title: 'Could not change your password', message: UNREACHABLE };
}

interface PasswordFieldProps {
  id: string;
  name: Field;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  error: string | undefined;
  hint?: ReactNode;
}

function PasswordField({ id, name, label, autoComplete, error, hint }: PasswordFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        type="password"
        autoComplete={autoComplete}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {hint ? (
        <div id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

export interface ChangePasswordFormProps {
  /** Under the current password, e.g. that it is the one-time password from the administrator. */
  currentPasswordHint?: string;
  submitLabel?: string;
  onChanged?: (user: AuthUser) => void;
}

/**
 * Current password, new password and the new one again. The rules are shown before anyone types; the engine
 * schema checks them here and again on the server, whose refusals land on the field they concern.
 */
export function ChangePasswordForm({
  currentPasswordHint,
  submitLabel = 'Change password',
  onChanged,
}: ChangePasswordFormProps) {
  const id = useId();
  const change = useChangePassword();
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = changePasswordFormSchema.safeParse(
      Object.fromEntries(FIELDS.map((f) => [f, data.get(f)])),
    );
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isField(field)) errors[field] ??= issue.message;
      }
      setClientErrors(errors);
      change.reset();
      return;
    }
    setClientErrors({});
    const { currentPassword, newPassword } = parsed.data;
    change.mutate({ currentPassword, newPassword }, { onSuccess: (user) => onChanged?.(user) });
  }

  const serverErrors = change.isError ? fieldErrorsFromServer(change.error) : {};
  const fieldErrors = { ...serverErrors, ...clientErrors };
  const failure =
    change.isError && Object.keys(serverErrors).length === 0 ? formErrorMessage(change.error) : null;
  const busy = change.isPending;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={busy}>
      {failure ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <AlertTitle>{failure.title}</AlertTitle>
          <AlertDescription>{failure.message}</AlertDescription>
        </Alert>
      ) : null}

      <PasswordField
        id={`${id}-current`}
        name="currentPassword"
        label="Current password"
        autoComplete="current-password"
        error={fieldErrors.currentPassword}
        hint={currentPasswordHint}
      />
      <PasswordField
        id={`${id}-new`}
        name="newPassword"
        label="New password"
        autoComplete="new-password"
        error={fieldErrors.newPassword}
        hint={
          <ul className="list-disc space-y-0.5 pl-5">
            {NEW_PASSWORD_RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        }
      />
      <PasswordField
        id={`${id}-confirm`}
        name="confirmPassword"
        label="Confirm new password"
        autoComplete="new-password"
        error={fieldErrors.confirmPassword}
      />

      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? <Spinner label="Saving your new password" className="text-primary-foreground" /> : null}
        {busy ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
