import type { AutosaveStatus } from '@web/features/operations/model/autosave-status.ts';
import { cn } from '@web/lib/cn.ts';
import { Check, CloudOff, Loader2, PencilLine } from 'lucide-react';

const toneClass = {
  saving: 'border-primary/30 bg-primary/5 text-primary',
  unsaved: 'border-warning/40 bg-warning/10 text-foreground',
  saved: 'border-success/30 bg-success/10 text-foreground',
  ready: 'border-border bg-background text-muted-foreground',
} as const;

/** The autosave pill of requirements §2: 'Saving...', 'N unsaved', 'Saved' or 'Ready'. */
export function AutosavePill({ pill }: { pill: AutosaveStatus['pill'] }) {
  const Icon =
    pill.tone === 'saving'
      ? Loader2
      : pill.tone === 'unsaved'
        ? CloudOff
        : pill.tone === 'saved'
          ? Check
          : PencilLine;
  return (
    <span
      role="status"
      aria-label={`Autosave: ${pill.text}`}
      data-testid="autosave-pill"
      data-tone={pill.tone}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 whitespace-nowrap rounded-full border px-3 font-medium text-xs',
        toneClass[pill.tone],
      )}
    >
      <Icon
        aria-hidden
        className={cn(
          'size-3.5',
          pill.tone === 'saving' && 'animate-spin',
          pill.tone === 'saved' && 'text-success',
        )}
      />
      {pill.text}
    </span>
  );
}
