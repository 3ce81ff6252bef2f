import { useApp } from 'ink';
import { type ReactNode, useEffect, useRef, useState } from 'react';

type TaskState<T> =
  | { status: 'running' }
  | { status: 'done'; result: T }
  | { status: 'failed'; error: Error };

export interface ProgressTaskViewProps<T, P> {
  /** The job; it calls `report` as it goes. */
  task: (report: (progress: P) => void) => Promise<T>;
  progress: (latest: P | null) => ReactNode;
  children: (result: T) => ReactNode;
}

/**
 * TaskView for long jobs: shows the latest progress the task reported, then the result. Like TaskView it
 * exits from an effect on the finished state, so the final frame is what a pipe or CI prints.
 */
export function ProgressTaskView<T, P>({ task, progress, children }: ProgressTaskViewProps<T, P>) {
  const { exit } = useApp();
  const [state, setState] = useState<TaskState<T>>({ status: 'running' });
  const [latest, setLatest] = useState<P | null>(null);
  // The task reports from outside React; a ref keeps a late report after unmount from touching state.
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    task((p) => live.current && setLatest(p)).then(
      (result) => live.current && setState({ status: 'done', result }),
      (error: unknown) =>
        live.current &&
        setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live.current = false;
    };
  }, [task]);

  useEffect(() => {
    if (state.status === 'done') exit(state.result);
    if (state.status === 'failed') exit(state.error);
  }, [state, exit]);

  // stdout is for the result (`summary=$(parstock pars import …)`); the reason goes to stderr from the caller.
  if (state.status === 'failed') return null;
  if (state.status === 'done') return <>{children(state.result)}</>;
  return <>{progress(latest)}</>;
}
