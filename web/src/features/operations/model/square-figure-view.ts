import { backoffDelay } from '@engine/backoff.ts';
import { isVarianceFlagged, squareVariance } from '@engine/square-matching.ts';
import type { SquareFigure, SquareOnHandResponse } from '@engine/square-schemas.ts';

/** What a Nightly Counts row shows in its Square cell. */
export type SquareFigureView =
  | { kind: 'loading' }
  /** No figure: Square is not connected, unavailable, or the café is not linked (the notice says which). */
  | { kind: 'none' }
  /** The product has no Square item paired with it. */
  | { kind: 'unmapped' }
  | { kind: 'figure'; squareQuantity: number; variance: number | null; flagged: boolean };

export function squareFigureView(
  answer: SquareOnHandResponse | undefined,
  figure: SquareFigure | undefined,
  count: number | null,
): SquareFigureView {
  if (!answer) return { kind: 'loading' };
  if (answer.status === 'ok' && figure && !figure.mapped) return { kind: 'unmapped' };
  if (answer.status !== 'ok' || !figure || figure.squareQuantity === null) {
    // Unmapped products say so whatever Square's state, once the café is linked at all.
    return figure && !figure.mapped && answer.status === 'unavailable'
      ? { kind: 'unmapped' }
      : { kind: 'none' };
  }
  const variance = squareVariance(count, figure.squareQuantity);
  return {
    kind: 'figure',
    squareQuantity: figure.squareQuantity,
    variance,
    flagged: isVarianceFlagged(variance, answer.varianceThreshold),
  };
}

export interface SquareNoticeText {
  tone: 'info' | 'warning';
  title: string;
  body: string;
}

/** The one notice above the rows: why figures are missing, in plain words; null when there is nothing to say. */
export function squareNoticeText(
  answer: SquareOnHandResponse | undefined,
  requestFailed: boolean,
): SquareNoticeText | null {
  if (!answer) {
    return requestFailed
      ? {
          tone: 'warning',
          title: "Square's figures are unavailable",
          body: "Parstock could not load Square's figures. Counting and saving work as usual; it tries again by itself.",
        }
      : null;
  }
  switch (answer.status) {
    case 'not_configured':
      return {
        tone: 'info',
        title: 'Square is not connected',
        body: "Square's on-hand figures appear beside each count once an administrator connects Square; until then the Square column shows —.",
      };
    case 'location_not_mapped':
      return {
        tone: 'info',
        title: 'This café is not linked to a Square location',
        body: 'An administrator pairs it under Admin → Square; until then the Square column shows —.',
      };
    case 'unavailable':
      return {
        tone: 'warning',
        title: "Square's figures are unavailable",
        body: `${answer.message ?? 'Square did not answer.'} Counting and saving work as usual; Parstock tries again by itself.`,
      };
    case 'ok':
      return answer.connection.mode === 'simulator'
        ? {
            tone: 'info',
            title: 'Square demo simulator',
            body: 'These Square figures come from the Square demo simulator, not a real Square account.',
          }
        : null;
  }
}

// Figures are asked for again now and then; the server's cache keeps that to one Square call per café.
export const FIGURES_REFRESH_MS = 60_000;

/**
 * When a Nightly Counts screen asks for Square's figures again: with backoff (1 s doubling to 30 s) after a
 * failure or while Square is unavailable, else every minute. "Not connected" and "café not linked" are asked
 * again too: an admin may connect Square or link the café while the screen is open, and it then fills in.
 */
export function squareFiguresRefetchInterval(): (state: {
  status: 'pending' | 'error' | 'success';
  data?: SquareOnHandResponse;
}) => number {
  let misses = 0;
  return (state) => {
    if (state.status === 'error' || state.data?.status === 'unavailable') return backoffDelay(misses++);
    misses = 0;
    return FIGURES_REFRESH_MS;
  };
}
