import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A handler that keeps its identity for the component's life and always runs the latest `handler` given: an
 * element built once (a toolbar, a search box) can then skip the renders a keystroke causes around it. For
 * event handlers only: it runs what the last commit rendered, never a render's value.
 */
export function useLatestCallback<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
