import { Button } from '@web/components/ui/button.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { CheckCircle2, ClipboardCheck, Eraser, PlayCircle } from 'lucide-react';
import { useState } from 'react';

export const START_COUNT_TITLE = 'Start a new count?';
export const START_COUNT_MESSAGE = 'This will clear all existing counts and checkboxes.';
export const CLEAR_COUNTS_TITLE = 'Clear all counts?';
export const CLEAR_COUNTS_MESSAGE =
  'This will clear all inventory counts and confirmations but keep the current count session active. This action cannot be undone.';

/** The Count Inventory top bar (requirements §2): Start Count, Submit Count, Clear Counts and 'Count Completed'. */
export function CountToolbar({
  completedLabel,
  busy,
  onStart,
  onSubmit,
  onClear,
}: {
  /** 'Today HH:mm' or 'yyyy-MM-dd HH:mm' of the active completion, or null when none. */
  completedLabel: string | null;
  busy: boolean;
  onStart: () => void;
  onSubmit: () => void;
  onClear: () => void;
}) {
  const [dialog, setDialog] = useState<'start' | 'clear' | null>(null);
  return (
    <div className="flex flex-col gap-3 rounded-[var(--ui-card-radius,var(--radius))] border-[length:var(--ui-border-width,2px)] border-border bg-card p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button disabled={busy} onClick={onSubmit} className="col-span-2 px-3 sm:order-2">
          <ClipboardCheck aria-hidden />
          Submit Count
        </Button>
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => setDialog('start')}
          className="px-3 sm:order-1"
        >
          <PlayCircle aria-hidden />
          Start Count
        </Button>
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => setDialog('clear')}
          className="px-3 sm:order-3"
        >
          <Eraser aria-hidden />
          Clear Counts
        </Button>
      </div>
      {completedLabel ? (
        <p className="flex items-center gap-2 text-sm" data-testid="count-completed">
          <CheckCircle2 aria-hidden className="size-4 text-success" />
          <span className="font-medium text-foreground">Count Completed</span>
          <span className="text-muted-foreground tabular-nums">{completedLabel}</span>
        </p>
      ) : (
        <p className="text-muted-foreground text-sm">Count in progress</p>
      )}

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
