import { render } from 'ink';
import type { ReactNode } from 'react';
import { resultStdout } from './result-stdout.ts';
import { TaskView } from './task-view.tsx';

/** Renders a task's progress and result in the terminal; resolves with the result once the frame is out. */
export async function renderTask<T>(
  title: string,
  task: () => Promise<T>,
  view: (result: T) => ReactNode,
): Promise<T> {
  const app = render(
    <TaskView title={title} task={task}>
      {view}
    </TaskView>,
    { patchConsole: false, stdout: resultStdout() },
  );
  return (await app.waitUntilExit()) as T;
}
