import type { AuthUser } from '@engine/api-schemas.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { ChangePasswordForm } from '@web/features/auth/components/change-password-form.tsx';
import { signOut } from '@web/features/header/api/sign-out.ts';
import { LogOut } from 'lucide-react';
import { usePageTitle } from './use-page-title.ts';

export const CHOOSE_NEW_PASSWORD_TITLE = 'Choose a new password';

/**
 * Shown instead of the app while the signed-in person is on a one-time password (an invitation or a
 * reset): the server refuses everything else until then. Nothing here reads data the server would refuse;
 * once the change succeeds the session query says so and the app takes over at the same address.
 */
export function ChooseNewPasswordPage({ user }: { user: AuthUser }) {
  usePageTitle(CHOOSE_NEW_PASSWORD_TITLE);
  const greeting = user.firstName ? `Welcome, ${user.firstName}. ` : 'Welcome. ';
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-surface px-4 py-12">
      <main id="main" className="w-full max-w-md">
        <img
          src="/logo.svg"
          alt="Parstock"
          width={132}
          height={32}
          className="mx-auto mb-8 block h-8 w-auto"
        />
        <Card className="gap-6 py-6 sm:py-8">
          <CardHeader className="px-6 sm:px-8">
            <CardTitle as="h1" className="text-xl">
              {CHOOSE_NEW_PASSWORD_TITLE}
            </CardTitle>
            <CardDescription>
              {greeting}You signed in with a one-time password from your administrator. Choose a password of
              your own to start using Parstock.
            </CardDescription>
          </CardHeader>
          <CardContent className="px-6 sm:px-8">
            <ChangePasswordForm
              currentPasswordHint="The one-time password you signed in with."
              submitLabel="Save and continue"
            />
          </CardContent>
        </Card>
        <div className="mt-6 flex flex-col items-center gap-1 text-center text-sm text-muted-foreground">
          <p className="max-w-full break-words">
            Signed in as <span className="font-medium text-foreground">{user.email}</span>
          </p>
          <button
            type="button"
            onClick={() => void signOut().catch(() => {})}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-sm px-2 font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            <LogOut aria-hidden className="size-4" />
            Sign out
          </button>
        </div>
      </main>
    </div>
  );
}
