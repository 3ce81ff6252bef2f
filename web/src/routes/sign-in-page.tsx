import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { SignInForm } from '@web/features/auth/components/sign-in-form.tsx';
import { useAuth } from '@web/lib/shared-reads/auth-user.ts';
import { useEffect } from 'react';
import { safeReturnTo } from './sign-in-search.ts';

const route = getRouteApi('/sign-in');

/**
 * The form the landing page's sign-in link leads to. Once the session exists (just now, or already) it
 * sends the person on to where they were going.
 */
export function SignInPage() {
  const { returnTo } = route.useSearch();
  const { user } = useAuth();
  const navigate = useNavigate();
  const signedIn = user !== null;
  useEffect(() => {
    // returnTo may carry its own search, so it is followed as an href rather than a typed route.
    if (signedIn) void navigate({ href: safeReturnTo(returnTo), replace: true });
  }, [signedIn, returnTo, navigate]);
  if (signedIn) return null;

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-surface px-4 py-12">
      <main className="w-full max-w-sm">
        <Link
          to="/"
          className="mx-auto mb-8 block w-fit rounded-md focus-visible:ring-2 focus-visible:ring-ring"
        >
          <img src="/logo.svg" alt="Parstock home" width={132} height={32} className="h-8 w-auto" />
        </Link>
        <Card className="gap-6 py-6 sm:py-8">
          <CardHeader className="px-6 sm:px-8">
            <CardTitle as="h1" className="text-xl">
              Sign in
            </CardTitle>
            <CardDescription>Use the email and password your administrator gave you.</CardDescription>
          </CardHeader>
          <CardContent className="px-6 sm:px-8">
            <SignInForm />
          </CardContent>
        </Card>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Forgot your password? Ask your administrator to reset it.
        </p>
      </main>
    </div>
  );
}
