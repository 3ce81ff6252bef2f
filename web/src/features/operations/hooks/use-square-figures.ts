import { backoffDelay } from '@engine/backoff.ts';
import { useQuery } from '@tanstack/react-query';
import { squareOnHandQueryOptions } from '@web/features/operations/api/square-on-hand.ts';
import {
  type SquareFigureView,
  squareFigureView,
  squareNoticeText,
} from '@web/features/operations/model/square-figure-view.ts';
import { useCallback, useMemo, useRef } from 'react';

// Figures that came back are refreshed now and then; the server's cache keeps that to one Square call per café.
const FIGURES_REFRESH_MS = 60_000;

/**
 * Square's on-hand figures for a Nightly Counts screen. Its own query, so counting never waits for it: rows
 * render at once and fill in when Square answers. When Square is unavailable the figures are asked for
 * again with backoff (1 s doubling to 30 s); when Square is not connected, not again.
 */
export function useSquareFigures(locationId: number) {
  const misses = useRef(0);
  const query = useQuery({
    ...squareOnHandQueryOptions(locationId),
    retry: 2,
    refetchInterval: (q) => {
      const status = q.state.data?.status;
      if (q.state.status === 'error' || status === 'unavailable') return backoffDelay(misses.current++);
      misses.current = 0;
      return status === 'ok' ? FIGURES_REFRESH_MS : false;
    },
  });
  const figures = useMemo(
    () => new Map((query.data?.figures ?? []).map((figure) => [figure.productId, figure])),
    [query.data],
  );
  // One object per product and count while the figures stand, so memoised rows do not render again.
  const views = useRef({ for: query.data, byKey: new Map<string, SquareFigureView>() });
  const figureOf = useCallback(
    (productId: number, count: number | null): SquareFigureView => {
      if (views.current.for !== query.data) views.current = { for: query.data, byKey: new Map() };
      const key = `${productId}:${count}`;
      let view = views.current.byKey.get(key);
      if (!view) {
        view = squareFigureView(query.data, figures.get(productId), count);
        views.current.byKey.set(key, view);
      }
      return view;
    },
    [query.data, figures],
  );
  // Offline with no kept figures, the query waits for the network: that is a failure to say, not a spinner.
  const waitingForNetwork = query.isPending && query.fetchStatus === 'paused';
  return {
    /** True until Square's first answer (or refusal) arrives: the screen shows 'Fetching Square inventory...'. */
    fetching: query.isPending && !waitingForNetwork,
    notice: squareNoticeText(query.data, query.isError || waitingForNetwork),
    figureOf,
  };
}
