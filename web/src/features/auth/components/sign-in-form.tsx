import { type LoginBody, loginBodySchema } from '@engine/api-schemas.ts';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useSignIn } from '@web/features/auth/api/sign-in.ts';
import { ApiRequestError, errorMessageForPerson } from '@web/lib/api-request.ts';
import { AlertCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';

type FieldErrors = Partial<Record<keyof LoginBody, string>>;

const UNREACHABLE = 'Could not reach Parstock. Check your connection and try again.';

/** The server's own words for a refused sign-in (wrong password, too many attempts), else a plain fallback. */
function signInErrorMessage(error: unknown): { title: string; message: string } {
  if (error instanceof ApiRequestError && error.status === 429) {
    return {
      title: 'Too many attempts',
      message: errorMessageForPerson(error, 'Please wait and try again.'),
    };
  }
  if (error instanceof ApiRequestError && error.status < 500) {
    return {
      title: 'Could not sign in',
      message: errorMessageForPerson(error, 'Check your email and password.'),
    };
  }
  if (error instanceof ApiRequestError) {
    return {
      title: 'Could not sign in',
      message: errorMessageForPerson(error, 'Please try again in a moment.'),
    };
  }
  return { title: 'Could not sign in', message: UNREACHABLE };
}

/** Email and password; on success the session cookie is set and the auth query refreshed by `useSignIn`. */
export function SignInForm() {
  const id = useId();
  const signIn = useSignIn();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = loginBodySchema.safeParse({ email: data.get('email'), password: data.get('password') });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof LoginBody;
        errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      signIn.reset();
      return;
    }
    setFieldErrors({});
    signIn.mutate(parsed.data);
  }

  const failure = signIn.isError ? signInErrorMessage(signIn.error) : null;
  const busy = signIn.isPending || signIn.isSuccess;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={busy}>
      {failure ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <AlertTitle>{failure.title}</AlertTitle>
          <AlertDescription>{failure.message}</AlertDescription>
        </Alert>
      ) : null}

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? `${id}-email-error` : undefined}
        />
        {fieldErrors.email ? (
          <p id={`${id}-email-error`} className="text-sm text-destructive">
            {fieldErrors.email}
          </p>
        ) : null}
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={fieldErrors.password ? true : undefined}
          aria-describedby={fieldErrors.password ? `${id}-password-error` : undefined}
        />
        {fieldErrors.password ? (
          <p id={`${id}-password-error`} className="text-sm text-destructive">
            {fieldErrors.password}
          </p>
        ) : null}
      </div>

      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? <Spinner label="Signing in" className="text-primary-foreground" /> : null}
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
