import { describe, expect, test } from 'bun:test';
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { TaskView } from './task-view.tsx';
import { waitForFrame } from './wait-for-frame.ts';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('TaskView', () => {
  test('shows the title while the task runs, then only the result', async () => {
    const job = deferred<number>();
    const { frames } = render(
      <TaskView title="Applying migrations" task={() => job.promise}>
        {(n) => <Text>Applied {n} migrations</Text>}
      </TaskView>,
    );
    expect(frames[0]).toBe('Applying migrations…');
    job.resolve(2);
    const last = await waitForFrame(frames, (f) => f.includes('Applied'));
    expect(last).toBe('Applied 2 migrations');
  });

  test('a failed task leaves nothing on stdout: the caller says why on stderr', async () => {
    const job = deferred<number>();
    const { frames, lastFrame } = render(
      <TaskView title="Seeding the demo café chain" task={() => job.promise}>
        {() => <Text>done</Text>}
      </TaskView>,
    );
    expect(frames[0]).toBe('Seeding the demo café chain…');
    job.reject(new Error('database is not empty'));
    await waitForFrame(frames, (f) => f === '');
    expect(lastFrame()).toBe('');
    expect(frames.some((f) => f.includes('done') || f.includes('failed'))).toBe(false);
  });
});
