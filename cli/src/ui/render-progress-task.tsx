import { render } from 'ink';
import type { ReactNode } from 'react';
import { ProgressTaskView } from './progress-task-view.tsx';
import { resultStdout } from './result-stdout.ts';

/**
 * Renders a long job's progress and result in the terminal; resolves with the result once the frame is out. A failure
 * leaves stdout empty and rejects, for the caller to say why on stderr.
 */
export async function renderProgressTask<T, P>(
  task: (report: (progress: P) => void) => Promise<T>,
  progress: (latest: P | null) => ReactNode,
  view: (result: T) => ReactNode,
): Promise<T> {
  const app = render(
    <ProgressTaskView task={task} progress={progress}>
      {view}
    </ProgressTaskView>,
    { patchConsole: false, stdout: resultStdout() },
  );
  return (await app.waitUntilExit()) as T;
}
