import { render } from 'ink';
import type { ReactNode } from 'react';
import { ProgressTaskView } from './progress-task-view.tsx';

/** Renders a long job's progress and result in the terminal; resolves with the result once the frame is out. */
export async function renderProgressTask<T, P>(
  title: string,
  task: (report: (progress: P) => void) => Promise<T>,
  progress: (latest: P | null) => ReactNode,
  view: (result: T) => ReactNode,
): Promise<T> {
  const app = render(
    <ProgressTaskView title={title} task={task} progress={progress}>
      {view}
    </ProgressTaskView>,
    { patchConsole: false },
  );
  return (await app.waitUntilExit()) as T;
}
