import { useEffect, useState } from 'react';

/**
 * A chunk that a component renders as soon as it is loaded, without a Suspense boundary. React throttles the
 * commit that replaces a Suspense fallback with its content until 300 ms after the fallback appeared, even when
 * the chunk was already in memory: on a start that suspends for the signed-in frame that was 300 ms of an idle
 * page (decision 058). Here the component renders its module directly once it has arrived, and shows its own
 * pending state, as an ordinary update, until then.
 */
export interface LoadedModule<T> {
  /** Starts loading (once); the same promise afterwards. */
  load(): Promise<T>;
  /** The module if it has arrived. */
  current(): T | undefined;
  /** Calls `listener` once, when the module arrives (whoever loaded it); returns the unsubscribe. */
  onArrival(listener: (module: T) => void): () => void;
}

export function loadedModule<T>(importer: () => Promise<T>): LoadedModule<T> {
  let module: T | undefined;
  let loading: Promise<T> | undefined;
  const listeners = new Set<(module: T) => void>();
  return {
    load() {
      loading ??= importer().then(
        (arrived) => {
          module = arrived;
          for (const listener of [...listeners]) listener(arrived);
          listeners.clear();
          return arrived;
        },
        (error: unknown) => {
          // A failed chunk (offline with nothing cached, or a new deployment) may load on a later try.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    current: () => module,
    onArrival(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * The module once it has arrived, loading it while `wanted`; undefined until then. A failed load is thrown
 * during render, so the nearest error boundary shows it, as a failed lazy component's would be.
 */
export function useLoadedModule<T>(chunk: LoadedModule<T>, wanted: boolean): T | undefined {
  const [, setArrived] = useState<T | undefined>(undefined);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!wanted || chunk.current()) return;
    let live = true;
    chunk.load().then(
      (arrived) => {
        if (live) setArrived(() => arrived);
      },
      (error: unknown) => {
        if (live) setFailure({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [chunk, wanted]);
  if (failure) throw failure.error;
  return chunk.current();
}
