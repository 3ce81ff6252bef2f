import { useQuery } from '@tanstack/react-query';
import { squareOnHandQueryOptions } from '@web/features/operations/api/square-on-hand.ts';
import {
  type SquareFigureView,
  squareFiguresRefetchInterval,
  squareFigureView,
  squareNoticeText,
} from '@web/features/operations/model/square-figure-view.ts';
import { useCallback, useMemo, useRef, useState } from 'react';

/**
 * Square's on-hand figures for a Nightly Counts screen. Its own query, so counting never waits for it: rows
 * render at once and fill in when Square answers, and are asked for again as `squareFiguresRefetchInterval` says.
 */
export function useSquareFigures(locationId: number) {
  const [refetchInterval] = useState(squareFiguresRefetchInterval);
  const query = useQuery({
    ...squareOnHandQueryOptions(locationId),
    retry: 2,
    refetchInterval: (q) => refetchInterval(q.state),
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
