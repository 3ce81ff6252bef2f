import { formatQuantity } from '@web/features/operations/model/quantity-text.ts';
import type { SquareFigureView } from '@web/features/operations/model/square-figure-view.ts';
import { cn } from '@web/lib/cn.ts';

function signed(variance: number): string {
  if (variance === 0) return '±0';
  return variance > 0 ? `+${formatQuantity(variance)}` : `−${formatQuantity(-variance)}`;
}

/**
 * The Square cell of a Nightly Counts row: Square's on-hand figure and the variance (count − Square),
 * marked when beyond the administrator's threshold. '—' whenever there is no figure: none is ever made up.
 */
export function SquareFigure({ view }: { view: SquareFigureView }) {
  return (
    <div className="min-w-10 text-center sm:w-16">
      <p aria-hidden className="text-muted-foreground text-xs">
        Square
      </p>
      {/* On a phone the variance sits beside the figure, so the row stays as short as a count row. */}
      <div className="flex items-baseline justify-center gap-1 whitespace-nowrap sm:block">
        <p className="text-foreground tabular-nums" data-testid="square-quantity">
          <span className="sr-only">Square on hand: </span>
          {view.kind === 'figure' ? (
            formatQuantity(view.squareQuantity)
          ) : view.kind === 'unmapped' ? (
            <span className="text-muted-foreground text-xs">Not linked</span>
          ) : (
            <>
              <span aria-hidden>—</span>
              <span className="sr-only">{view.kind === 'loading' ? 'loading' : 'not available'}</span>
            </>
          )}
        </p>
        {view.kind === 'figure' && view.variance !== null ? (
          <p
            data-testid="square-variance"
            data-flagged={view.flagged ? 'true' : 'false'}
            // A sighted counter asks which way the sign runs: more counted than Square says is +.
            title={`Counted minus Square: ${signed(view.variance)}${view.flagged ? ', beyond the threshold' : ''}`}
            className={cn(
              'text-xs tabular-nums',
              view.flagged
                ? 'rounded bg-warning/15 px-1 font-semibold text-foreground ring-1 ring-warning'
                : 'text-muted-foreground',
            )}
          >
            <span className="sr-only">{view.flagged ? 'Variance beyond the threshold: ' : 'Variance: '}</span>
            {signed(view.variance)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
