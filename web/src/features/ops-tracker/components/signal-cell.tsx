import { OPS_SIGNAL_LEGEND, type OpsSignalKey, type Rag } from '@engine/ops-signals.ts';
import type { OpsTrackerRow } from '@engine/ops-tracker-schemas.ts';
import { Link } from '@tanstack/react-router';
import { fixLink, SIGNAL_FIX, signalText } from '@web/features/ops-tracker/model/signal-cells.ts';
import { cn } from '@web/lib/cn.ts';
import { selectCafe } from '@web/lib/open-at-cafe.ts';
import { forgetOpenedDay, openScreenOnDay } from '@web/lib/opened-day.ts';
import { CircleCheck, CircleX, type LucideIcon, TriangleAlert } from 'lucide-react';

export const RAG_NAME: Record<Rag, string> = { green: 'Green', amber: 'Amber', red: 'Red' };

const RAG_CLASS: Record<Rag, string> = {
  green: 'border-success/30 bg-success/10 text-foreground',
  amber: 'border-warning/40 bg-warning/15 text-foreground',
  red: 'border-destructive/40 bg-destructive/10 text-destructive',
};

/*
 * Each level has its own shape, not only its colour (WCAG 1.4.1): a tick, a warning triangle, a cross. Someone who
 * cannot tell red from amber tells them by the shape, and the icons are drawn in `currentColor`, so with forced
 * colours (Windows contrast themes), which drop every background, they stay in the system's text colour.
 */
const RAG_ICON: Record<Rag, LucideIcon> = { green: CircleCheck, amber: TriangleAlert, red: CircleX };
const MARK_CLASS: Record<Rag, string> = {
  green: 'text-success',
  amber: 'text-warning',
  red: 'text-destructive',
};

/** A level's mark; decoration unless `label` names it for a screen reader (where no text beside it does). */
export function RagMark({ rag, label }: { rag: Rag; label?: string }) {
  const Icon = RAG_ICON[rag];
  const className = cn('size-4 shrink-0', MARK_CLASS[rag]);
  return label ? (
    <Icon role="img" aria-label={label} data-rag-mark={rag} className={className} />
  ) : (
    <Icon aria-hidden data-rag-mark={rag} className={className} />
  );
}

/**
 * One signal of one café: its colour, what it says, and a link to the screen that fixes it; on a past day
 * (`shownDate`), to that day's screen where there is one.
 */
export function SignalCell({
  signal,
  row,
  shownDate,
}: {
  signal: OpsSignalKey;
  row: OpsTrackerRow;
  shownDate: string | null;
}) {
  const rag = row.signals[signal];
  const fix = SIGNAL_FIX[signal];
  const text = signalText(signal, row);
  const link = fixLink(signal, shownDate);
  const label = `${row.location.name}, ${OPS_SIGNAL_LEGEND[signal].label}: ${RAG_NAME[rag]}, ${text}. ${link.text}`;
  const openDay = () => {
    if (link.day !== null && fix.day === 'nightly_counts') openScreenOnDay(fix.day, link.day);
    else forgetOpenedDay();
  };
  const className = cn(
    'flex min-h-11 w-full items-center gap-2 rounded-md border px-2 py-1.5 text-left text-[13px] sm:text-sm',
    'hover:underline focus-visible:outline-2 focus-visible:outline-ring',
    RAG_CLASS[rag],
  );
  const content = (
    <>
      <RagMark rag={rag} />
      <span className="min-w-0 md:whitespace-nowrap">{text}</span>
    </>
  );
  const shared = { className, 'aria-label': label, 'data-signal': signal, 'data-rag': rag, title: link.text };
  if (fix.kind === 'operation') {
    return (
      <Link
        to="/"
        onClick={() => {
          openDay();
          selectCafe(row.location, fix.operation);
        }}
        {...shared}
      >
        {content}
      </Link>
    );
  }
  if (fix.to === '/approvals') {
    return (
      <Link to="/approvals" search={{ location: row.location.id }} {...shared}>
        {content}
      </Link>
    );
  }
  // The Cafe Ops Tracker takes its day from the address, so its link names the day and a reload keeps it.
  return (
    <Link
      to={fix.to}
      search={link.day === null ? {} : { day: link.day }}
      onClick={() => {
        forgetOpenedDay();
        selectCafe(row.location);
      }}
      {...shared}
    >
      {content}
    </Link>
  );
}
