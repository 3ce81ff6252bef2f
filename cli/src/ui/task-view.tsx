import { Text, useApp } from 'ink';
import { type ReactNode, useEffect, useState } from 'react';

type TaskState<T> =
  | { status: 'running' }
  | { status: 'done'; result: T }
  | { status: 'failed'; error: Error };

export interface TaskViewProps<T> {
  /** What is happening, e.g. 'Applying migrations'; shown while the task runs. */
  title: string;
  task: () => Promise<T>;
  children: (result: T) => ReactNode;
}

/**
 * Runs one job and shows its progress, then its result. Ink exits from an effect on the finished state, not in
 * the same tick as the state change, so the final frame is the one printed in a pipe or CI. A failure exits
 * with the error and leaves nothing on stdout; the caller prints the reason on stderr.
 */
export function TaskView<T>({ title, task, children }: TaskViewProps<T>) {
  const { exit } = useApp();
  const [state, setState] = useState<TaskState<T>>({ status: 'running' });

  useEffect(() => {
    let live = true;
    task().then(
      (result) => live && setState({ status: 'done', result }),
      (error: unknown) =>
        live &&
        setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [task]);

  useEffect(() => {
    if (state.status === 'done') exit(state.result);
    if (state.status === 'failed') exit(state.error);
  }, [state, exit]);

  if (state.status === 'running') return <Text color="cyan">{title}…</Text>;
  // stdout is for the result (`summary=$(parstock pars import …)`); the reason goes to stderr from the caller.
  if (state.status === 'failed') return null;
  return <>{children(state.result)}</>;
}
