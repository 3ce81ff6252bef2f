import { BellRingIcon, ClipboardCheckIcon, TargetIcon } from '@web/components/ui/first-script-icons.tsx';
import type { ReactNode } from 'react';

const HIGHLIGHTS: { icon: ReactNode; title: string; body: string }[] = [
  {
    icon: <ClipboardCheckIcon className="size-5" />,
    title: 'Counts that stick',
    body: 'Count inventory and nightly items from a phone in the back room. Every number saves as you type.',
  },
  {
    icon: <TargetIcon className="size-5" />,
    title: 'PARs drive the order',
    body: 'Set target stock per café. Suggested orders fill themselves from PAR minus what is on the shelf.',
  },
  {
    icon: <BellRingIcon className="size-5" />,
    title: 'Approvals at district level',
    body: 'Managers submit, district managers approve, and every café’s day is visible in one tracker.',
  },
];

/**
 * What a signed-out visitor sees on every path (requirements §2): what Parstock is, and the way in. The link goes to
 * the login endpoint, which answers with the sign-in form. `sessionEnded`: the page had someone signed in, so it says
 * why their screen gave way to this one.
 */
export function LandingPage({
  loginHref,
  sessionEnded = false,
}: {
  loginHref: string;
  sessionEnded?: boolean;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="border-b border-border/70">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <img src="/logo.svg" alt="Parstock" width={132} height={32} className="h-8 w-auto" />
        </div>
      </header>

      <main className="flex-1">
        <section className="mx-auto max-w-6xl px-4 pt-16 pb-12 sm:px-6 sm:pt-24 sm:pb-16">
          {sessionEnded ? (
            <p
              role="status"
              className="mb-8 max-w-xl rounded-lg border border-border bg-card px-4 py-3 text-sm"
            >
              You were signed out. Sign in to go back to where you were.
            </p>
          ) : null}
          <p className="text-sm font-medium text-primary">Parstock</p>
          <h1 className="mt-3 max-w-2xl text-4xl tracking-tight text-balance text-foreground sm:text-5xl">
            Inventory management for café chains
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-muted-foreground">
            Count stock, set PAR levels and turn what is missing into orders — from a single café’s back room
            to a whole district.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <a
              href={loginHref}
              className="inline-flex h-11 items-center rounded-lg bg-primary px-5 text-sm font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
            >
              Sign in
            </a>
            <span className="text-sm text-muted-foreground">Accounts are created by your administrator.</span>
          </div>
        </section>

        <section aria-label="What Parstock does" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
          <ul className="grid gap-4 sm:grid-cols-3">
            {HIGHLIGHTS.map((highlight) => (
              <li key={highlight.title} className="rounded-xl border border-border bg-card p-6 shadow-xs">
                <span className="inline-flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  {highlight.icon}
                </span>
                <h2 className="mt-4 text-base text-foreground">{highlight.title}</h2>
                <p className="mt-1.5 text-sm text-muted-foreground">{highlight.body}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="border-t border-border/70">
        <div className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground sm:px-6">
          Parstock — counts, PARs and orders for cafés.
        </div>
      </footer>
    </div>
  );
}
