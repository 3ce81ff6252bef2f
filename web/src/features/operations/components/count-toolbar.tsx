import { Button } from '@web/components/ui/button.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import {
  AlertTriangle,
  CheckCircle2,
  ClipboardCheck,
  Eraser,
  PlayCircle,
  RefreshCw,
  RotateCcw,
} from 'lucide-react';
import { useState } from 'react';

export const START_COUNT_TITLE = 'Start a new count?';
export const START_COUNT_MESSAGE = 'This will clear all existing counts and checkboxes.';
export const CLEAR_COUNTS_TITLE = 'Clear all counts?';
export const CLEAR_COUNTS_MESSAGE =
  'This will clear all inventory counts and confirmations but keep the current count session active. This action cannot be undone.';

/** What the top bar says about the count: read from the server, never assumed. */
export type CountStatusView =
  | { kind: 'completed'; label: string }
  | { kind: 'in_progress' }
  | { kind: 'reopened' }
  | { kind: 'checking' }
  | { kind: 'failed'; message: string; onRetry: () => void };

export const COUNT_REOPENED_TEXT = 'Count reopened — edited after completion. Submit it again.';

function CountStatusLine({ status }: { status: CountStatusView }) {
  switch (status.kind) {
    case 'completed':
      return (
        <p className="flex items-center gap-2 text-sm" data-testid="count-completed">
          <CheckCircle2 aria-hidden className="size-4 text-success" />
          <span className="font-medium text-foreground">Count Completed</span>
          <span className="text-muted-foreground tabular-nums">{status.label}</span>
        </p>
      );
    case 'reopened':
      return (
        <p className="flex items-center gap-2 text-sm" data-testid="count-reopened" role="status">
          <RotateCcw aria-hidden className="size-4 text-warning" />
          <span className="text-foreground">{COUNT_REOPENED_TEXT}</span>
        </p>
      );
    case 'in_progress':
      return <p className="text-muted-foreground text-sm">Count in progress</p>;
    case 'checking':
      return (
        <p className="text-muted-foreground text-sm" role="status">
          Checking the count status...
        </p>
      );
    case 'failed':
      return (
        <div className="flex flex-wrap items-center gap-2 text-destructive text-sm" role="alert">
          <AlertTriangle aria-hidden className="size-4" />
          <span>{status.message}</span>
          <Button variant="outline" size="sm" className="text-foreground" onClick={status.onRetry}>
            <RefreshCw aria-hidden />
            Retry
          </Button>
        </div>
      );
  }
}

const ACTION_CLASS = [
  'h-auto min-h-11 min-w-min flex-1 basis-0 whitespace-normal px-1.5 py-1 text-xs leading-tight',
  'sm:h-[var(--ui-button-height,2.5rem)] sm:min-h-0 sm:flex-none sm:basis-auto sm:whitespace-nowrap sm:px-3 sm:text-sm',
  // Busy is `aria-disabled`, not `disabled`: a disabled button loses the focus to the page's body, and Submit Count
  // is busy while the 'Submit the count with gaps?' dialog opens, which must give the focus back to it (WCAG 2.4.3).
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
].join(' ');

/**
 * The Count Inventory top bar (requirements §2): Start Count, Submit Count, Clear Counts and 'Count Completed'.
 * On a phone the three actions share one compact row so the list starts high on the screen; the order is the
 * same on every screen, so the focus order follows what is seen.
 */
export function CountToolbar({
  status,
  busy,
  onStart,
  onSubmit,
  onClear,
}: {
  status: CountStatusView;
  busy: boolean;
  onStart: () => void;
  onSubmit: () => void;
  onClear: () => void;
}) {
  const [dialog, setDialog] = useState<'start' | 'clear' | null>(null);
  return (
    <div className="flex flex-col gap-2 rounded-[var(--ui-card-radius,var(--radius))] border-[length:var(--ui-border-width,2px)] border-border bg-card p-2 sm:flex-row sm:items-center sm:justify-between sm:gap-3 sm:p-3">
      {/* Three equal buttons on a phone, as a grid had them; with larger browser text a label wraps onto two lines, and
          a button whose longest word no longer fits goes to the next row, instead of its words being cut. */}
      <div className="flex flex-wrap gap-1.5 sm:gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) setDialog('start');
          }}
          className={ACTION_CLASS}
        >
          <PlayCircle aria-hidden className="hidden sm:block" />
          Start Count
        </Button>
        <Button
          size="sm"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onSubmit();
          }}
          className={ACTION_CLASS}
        >
          <ClipboardCheck aria-hidden className="hidden sm:block" />
          Submit Count
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) setDialog('clear');
          }}
          className={ACTION_CLASS}
        >
          <Eraser aria-hidden className="hidden sm:block" />
          Clear Counts
        </Button>
      </div>
      <CountStatusLine status={status} />

      <ConfirmDialog
        open={dialog === 'start'}
        onOpenChange={(open) => setDialog(open ? 'start' : null)}
        title={START_COUNT_TITLE}
        message={START_COUNT_MESSAGE}
        confirmText="Start new count"
        onConfirm={onStart}
      />
      <ConfirmDialog
        open={dialog === 'clear'}
        onOpenChange={(open) => setDialog(open ? 'clear' : null)}
        title={CLEAR_COUNTS_TITLE}
        message={CLEAR_COUNTS_MESSAGE}
        confirmText="Clear all counts"
        variant="destructive"
        onConfirm={onClear}
      />
    </div>
  );
}
