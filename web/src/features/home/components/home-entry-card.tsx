import { Link } from '@tanstack/react-router';
import type { HomeEntry } from '@web/features/home/home-entries.ts';
import { cn } from '@web/lib/cn.ts';
import { ArrowRight, Lock } from 'lucide-react';
import type { ReactNode } from 'react';

// A row on phones (seven tall cards would bury the last ones), a tile from the small breakpoint up.
const cardClass =
  'group relative flex h-full w-full flex-row items-start gap-4 rounded-[var(--ui-card-radius,var(--radius))] border-[length:var(--ui-border-width,2px)] border-border bg-card p-4 text-left shadow-xs outline-none transition-[border-color,box-shadow,background-color] sm:flex-col sm:gap-3 sm:p-5';
const enabledClass =
  'cursor-pointer hover:border-primary/40 hover:shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2';

/** 'checking' while the role and permission map load: nothing is usable yet, but nothing is refused either. */
export type EntryState = 'allowed' | 'denied' | 'checking';

function CardBody({
  entry,
  state,
  description,
}: {
  entry: HomeEntry;
  state: EntryState;
  description: string;
}): ReactNode {
  const allowed = state === 'allowed';
  const Icon = entry.icon;
  return (
    <>
      <span className="flex shrink-0 items-center justify-between sm:w-full">
        <span
          className={cn(
            'inline-flex size-10 items-center justify-center rounded-lg',
            allowed ? 'bg-primary/10 text-primary' : 'bg-muted text-muted-foreground',
          )}
        >
          <Icon aria-hidden className="size-5" />
        </span>
        {state === 'checking' ? null : allowed ? (
          <ArrowRight
            aria-hidden
            className="hidden size-4 text-muted-foreground opacity-0 transition-[opacity,translate] group-hover:translate-x-0.5 group-hover:opacity-100 group-focus-visible:opacity-100 sm:block"
          />
        ) : (
          <Lock aria-hidden className="hidden size-4 text-muted-foreground sm:block" />
        )}
      </span>
      <span className="flex min-w-0 flex-col gap-1">
        <span
          className={cn(
            'flex items-center gap-1.5 font-semibold',
            allowed ? 'text-foreground' : 'text-muted-foreground',
          )}
        >
          {entry.title}
          {state === 'denied' ? <Lock aria-hidden className="size-3.5 sm:hidden" /> : null}
        </span>
        <span className="text-sm text-muted-foreground">
          {state === 'denied' ? entry.deniedReason : description}
        </span>
      </span>
    </>
  );
}

/**
 * One entry of the home screen. Entries the role cannot use stay visible but inert, with the reason on
 * the card, so people know the feature exists and whom to ask.
 */
export function HomeEntryCard({
  entry,
  state,
  description,
  onChooseOperation,
}: {
  entry: HomeEntry;
  state: EntryState;
  /** The line under the title when the entry is usable (see `entryDescription`). */
  description: string;
  /** Needed by operation entries only: a screen entry is a link. */
  onChooseOperation?: (entry: Extract<HomeEntry, { kind: 'operation' }>) => void;
}) {
  if (state !== 'allowed') {
    return (
      <div data-disabled="" className={cn(cardClass, 'bg-surface shadow-none')}>
        <CardBody entry={entry} state={state} description={description} />
      </div>
    );
  }
  if (entry.kind === 'operation') {
    return (
      <button
        type="button"
        onClick={() => onChooseOperation?.(entry)}
        className={cn(cardClass, enabledClass)}
      >
        <CardBody entry={entry} state={state} description={description} />
      </button>
    );
  }
  return (
    <Link to={entry.to} className={cn(cardClass, enabledClass)}>
      <CardBody entry={entry} state={state} description={description} />
    </Link>
  );
}
