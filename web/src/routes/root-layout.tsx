import { Outlet, useLocation } from '@tanstack/react-router';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { useAuth } from '../lib/queries/auth-user.ts';
import { SignedInShell } from './signed-in-shell.tsx';
import { usePageTitle } from './use-page-title.ts';

/** The sign-in link carries the path a signed-out visitor asked for, so they land there afterwards. */
function loginHref(href: string): string {
  return href === '/' ? '/api/login' : `/api/login?returnTo=${encodeURIComponent(href)}`;
}

function SignedOut({ href }: { href: string }) {
  usePageTitle(null);
  return <LandingPage loginHref={loginHref(href)} />;
}

/**
 * Spec §2: while the session is being checked, and for anyone signed out, every path shows the landing
 * page; the sign-in form is the one page of its own. Signed in, routes render inside the app's frame.
 */
export function RootLayout() {
  const { user } = useAuth();
  const location = useLocation();
  if (location.pathname === '/sign-in') return <Outlet />;
  if (!user) return <SignedOut href={location.href} />;
  return (
    <SignedInShell user={user}>
      <Outlet />
    </SignedInShell>
  );
}
