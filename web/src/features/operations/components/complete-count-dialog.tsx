import { type CountGaps, countGapText } from '@engine/count-completion-summary.ts';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';

export const COMPLETE_WITH_GAPS_TITLE = 'Submit the count with gaps?';

/**
 * Before a count that leaves products out is submitted (named as the toolbar's Submit Count names it): how many
 * have no count or are unconfirmed, by category, and an explicit yes. Suggest Orders uses only confirmed counts,
 * so these products get no suggestion.
 */
export function CompleteCountDialog({
  gaps,
  onCancel,
  onConfirm,
}: {
  gaps: CountGaps | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const counted = gaps ? gaps.products - gaps.uncounted : 0;
  return (
    <ConfirmDialog
      open={gaps !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={COMPLETE_WITH_GAPS_TITLE}
      message={
        gaps ? (
          <span className="flex flex-col gap-3">
            <span data-testid="count-gaps-summary">
              {counted} of {gaps.products} products counted: {countGapText(gaps)}. Products without a
              confirmed count get no suggested order.
            </span>
            {/* biome-ignore lint/a11y/useSemanticElements: inside the dialog's description, a <p>, where no <section> may go */}
            <span
              role="region"
              aria-label="Gaps by category"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must take focus to be scrolled by keyboard
              tabIndex={0}
              data-testid="count-gaps-list"
              className="flex max-h-60 flex-col overflow-y-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring"
            >
              {gaps.categories.map((one) => (
                <span
                  key={one.category}
                  data-testid="count-gap"
                  className="flex justify-between gap-3 border-border border-b px-3 py-1.5 text-left last:border-b-0"
                >
                  <span className="min-w-0 text-foreground">{one.category}</span>
                  {/* Wraps rather than runs past the box on a phone ("12 not counted, 3 unconfirmed"). */}
                  <span className="text-right tabular-nums">{countGapText(one)}</span>
                </span>
              ))}
            </span>
          </span>
        ) : null
      }
      cancelText="Keep counting"
      confirmText="Submit count anyway"
      onConfirm={onConfirm}
    />
  );
}
