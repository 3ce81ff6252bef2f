import type { CartSaveState } from '@web/features/cart/hooks/use-cart-edits.ts';
import { cn } from '@web/lib/cn.ts';
import { AlertCircle, Check, Loader2 } from 'lucide-react';

/** The autosave pill of requirements §2: 'Saving...', 'N unsaved', or 'Saved'. */
export function CartSaveStatus({
  state,
  unsavedCount,
  className,
}: {
  state: CartSaveState;
  unsavedCount: number;
  className?: string;
}) {
  const text =
    state === 'saving'
      ? 'Saving...'
      : state === 'unsaved'
        ? `${unsavedCount || 1} unsaved`
        : state === 'failed'
          ? 'Not saved'
          : state === 'saved'
            ? 'Saved'
            : 'Ready';
  return (
    <output
      aria-live="polite"
      data-state={state}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 font-medium text-xs',
        state === 'failed'
          ? 'border-destructive/40 bg-destructive/5 text-destructive'
          : 'border-border bg-card text-muted-foreground',
        className,
      )}
    >
      {state === 'saving' ? (
        <Loader2 aria-hidden className="size-3.5 animate-spin" />
      ) : state === 'failed' ? (
        <AlertCircle aria-hidden className="size-3.5" />
      ) : state === 'saved' ? (
        <Check aria-hidden className="size-3.5 text-success" />
      ) : null}
      {text}
    </output>
  );
}
