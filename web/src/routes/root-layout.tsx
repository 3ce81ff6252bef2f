import { sessionEndpoints } from '@engine/endpoints/session-endpoints.ts';
import { Outlet, useLocation } from '@tanstack/react-router';
import { LandingPage } from '@web/features/landing/landing-page.tsx';
import { endpointUrl } from '@web/lib/api-client.ts';
import { loadedModule, useLoadedModule } from '@web/lib/loaded-module.ts';
import { useAuth } from '@web/lib/shared-reads/auth-user.ts';
import { useRef } from 'react';
import { ShellPending } from './route-pending.tsx';
import { usePageTitle } from './use-page-title.ts';

/*
 * The signed-in frame (header, menus, pickers) is its own chunk: the first paint is always the landing page
 * (requirements §2 shows it while the session is checked), so the frame can load beside the session check instead
 * of weighing down the first script. It is rendered without Suspense (decision 058): on a returning user's start
 * it has arrived before the session check answers, and the frame then draws at once.
 */
const signedInShell = loadedModule(() => import('./signed-in-shell.tsx'));

/** Loads the signed-in frame's chunk ahead of the first render (a failure shows once the frame is needed). */
export function startSignedInShell(): void {
  signedInShell.load().catch(() => undefined);
}

/** The sign-in link carries the path a signed-out visitor asked for, so they land there afterwards. */
function loginHref(href: string): string {
  return endpointUrl(sessionEndpoints.signInRedirect, {
    query: { returnTo: href === '/' ? undefined : href },
  });
}

function SignedOut({ href, ended }: { href: string; ended: boolean }) {
  usePageTitle(null);
  return <LandingPage loginHref={loginHref(href)} sessionEnded={ended} />;
}

/**
 * Requirements §2: while the session is being checked, and for anyone signed out, every path shows the landing
 * page; the sign-in form is the one page of its own. Signed in, routes render inside the app's frame.
 */
export function RootLayout() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const shell = useLoadedModule(signedInShell, isLoading || user !== null);
  // Someone was signed in on this page: the landing page that replaces their screen says why (signed out here or in
  // another tab, the session expired or the account was closed). Set during render: it only ever turns true.
  const hadUser = useRef(false);
  if (user) hadUser.current = true;

  if (location.pathname === '/sign-in') return <Outlet />;
  if (!user) return <SignedOut href={location.href} ended={hadUser.current} />;
  if (!shell) return <ShellPending />;
  return (
    <shell.SignedInShell user={user}>
      <Outlet />
    </shell.SignedInShell>
  );
}
