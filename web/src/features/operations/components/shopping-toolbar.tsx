import { Link } from '@tanstack/react-router';
import { Button } from '@web/components/ui/button.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { replaceTypedMessage } from '@web/features/operations/model/typed-quantities.ts';
import { cn } from '@web/lib/cn.ts';
import { Eraser, ShoppingBag, Sparkles } from 'lucide-react';
import { useState } from 'react';

export const CLEAR_LIST_TITLE = 'Clear shopping list?';
export const CLEAR_LIST_MESSAGE =
  'This will remove all items from your shopping list. This action cannot be undone.';

/*
 * `aria-disabled`, not `disabled`: Suggest Orders is busy while it runs and Clear Shopping List has nothing left to
 * clear once it ran; a disabled button would drop the keyboard's focus to the page's body (WCAG 2.4.3).
 */
const OFF_CLASS = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

/** The Shopping List top bar (requirements §2): Suggest Orders, Clear Shopping List, and the way to View Cart. */
export function ShoppingToolbar({
  canSuggest,
  canClear,
  typedCount,
  busy,
  summary,
  onSuggest,
  onClear,
}: {
  /** Suggestions need a completed count. */
  canSuggest: boolean;
  /** Quantities the person typed that Suggest Orders would replace: they are asked first, never lost silently. */
  typedCount: number;
  /** Nothing to clear on an empty list. */
  canClear: boolean;
  busy: boolean;
  summary: string;
  onSuggest: () => void;
  onClear: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [confirmingSuggest, setConfirmingSuggest] = useState(false);
  const suggestOff = !canSuggest || busy;
  const clearOff = !canClear || busy;
  return (
    <div className="flex flex-col gap-3 rounded-[var(--ui-card-radius,var(--radius))] border-[length:var(--ui-border-width,2px)] border-border bg-card p-3 sm:flex-row sm:items-center sm:justify-between">
      {/* Side by side where both fit, one above the other on a narrow phone: each button is never narrower than its words. */}
      <div className="flex flex-wrap gap-2">
        <Button
          aria-disabled={suggestOff || undefined}
          onClick={() => {
            if (suggestOff) return;
            if (typedCount > 0) setConfirmingSuggest(true);
            else onSuggest();
          }}
          className={cn('flex-1 px-3 sm:flex-none', OFF_CLASS)}
        >
          <Sparkles aria-hidden />
          Suggest Orders
        </Button>
        <Button
          variant="outline"
          aria-disabled={clearOff || undefined}
          onClick={() => {
            if (!clearOff) setConfirming(true);
          }}
          className={cn('flex-1 px-3 sm:flex-none', OFF_CLASS)}
        >
          <Eraser aria-hidden />
          Clear Shopping List
        </Button>
      </div>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <p className="text-muted-foreground text-sm tabular-nums">{summary}</p>
        <Button asChild variant="secondary" className="px-3">
          <Link to="/order-confirmation">
            <ShoppingBag aria-hidden />
            View Cart
          </Link>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={CLEAR_LIST_TITLE}
        message={CLEAR_LIST_MESSAGE}
        confirmText="Clear list"
        variant="destructive"
        onConfirm={onClear}
      />
      <ConfirmDialog
        open={confirmingSuggest}
        onOpenChange={setConfirmingSuggest}
        title={typedCount === 1 ? 'Replace a typed quantity?' : `Replace ${typedCount} typed quantities?`}
        message={replaceTypedMessage(typedCount)}
        confirmText="Replace with suggestions"
        cancelText="Keep my list"
        variant="destructive"
        onConfirm={onSuggest}
      />
    </div>
  );
}
