import { describe, expect, test } from 'bun:test';
import { act, render, screen } from '@testing-library/react';
import { ErrorBoundary } from '@web/components/ui/error-boundary.tsx';
import { flushPromises } from '@web-test/timers.ts';
import { Suspense } from 'react';
import { loadedModule, useLoadedModule } from './loaded-module.ts';

interface Greeting {
  greet: () => string;
}

/** An importer the test settles by hand, counting its calls. */
function manualImporter() {
  const calls: { resolve: (module: Greeting) => void; reject: (error: Error) => void }[] = [];
  const importer = () =>
    new Promise<Greeting>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { importer, calls };
}

const hello: Greeting = { greet: () => 'Hello from the chunk' };

function Shows({
  chunk,
  wanted = true,
}: {
  chunk: ReturnType<typeof loadedModule<Greeting>>;
  wanted?: boolean;
}) {
  const module = useLoadedModule(chunk, wanted);
  return <p>{module ? module.greet() : 'Still loading'}</p>;
}

describe('loadedModule', () => {
  test('imports once, however often it is asked, and holds the module once it has arrived', async () => {
    const { importer, calls } = manualImporter();
    const chunk = loadedModule(importer);
    const first = chunk.load();
    const second = chunk.load();
    expect(calls).toHaveLength(1);
    expect(chunk.current()).toBeUndefined();
    calls[0]?.resolve(hello);
    expect(await first).toBe(hello);
    expect(await second).toBe(hello);
    expect(chunk.current()).toBe(hello);
  });

  test('tells each listener once when the module arrives, whoever loaded it, and not one that left', async () => {
    const { importer, calls } = manualImporter();
    const chunk = loadedModule(importer);
    const heard: string[] = [];
    chunk.onArrival((module) => heard.push(`first: ${module.greet()}`));
    const leave = chunk.onArrival(() => heard.push('left before'));
    leave();
    const loading = chunk.load();
    chunk.onArrival((module) => heard.push(`second: ${module.greet()}`));
    calls[0]?.resolve(hello);
    await loading;
    await chunk.load();
    expect(heard).toEqual(['first: Hello from the chunk', 'second: Hello from the chunk']);
  });

  test('a failed import is tried again on the next load', async () => {
    const { importer, calls } = manualImporter();
    const chunk = loadedModule(importer);
    const failed = chunk.load();
    calls[0]?.reject(new Error('Failed to fetch dynamically imported module'));
    await expect(failed).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(chunk.current()).toBeUndefined();
    const retried = chunk.load();
    expect(calls).toHaveLength(2);
    calls[1]?.resolve(hello);
    expect(await retried).toBe(hello);
  });
});

describe('useLoadedModule', () => {
  test('a module that has arrived renders in the first pass: no Suspense fallback, no pending state', async () => {
    const { importer, calls } = manualImporter();
    const chunk = loadedModule(importer);
    const loading = chunk.load();
    calls[0]?.resolve(hello);
    await loading;
    render(
      <Suspense fallback={<p>Suspense fallback</p>}>
        <Shows chunk={chunk} />
      </Suspense>,
    );
    // Synchronously after the first render: the throttled reveal of a Suspense boundary never comes into it.
    expect(screen.getByText('Hello from the chunk')).toBeDefined();
    expect(screen.queryByText('Suspense fallback')).toBeNull();
    expect(screen.queryByText('Still loading')).toBeNull();
  });

  test('shows its own pending state while the chunk loads, then the module, without suspending', async () => {
    const { importer, calls } = manualImporter();
    const chunk = loadedModule(importer);
    render(
      <Suspense fallback={<p>Suspense fallback</p>}>
        <Shows chunk={chunk} />
      </Suspense>,
    );
    expect(screen.getByText('Still loading')).toBeDefined();
    expect(calls).toHaveLength(1);
    await act(async () => {
      calls[0]?.resolve(hello);
      await flushPromises();
    });
    expect(screen.getByText('Hello from the chunk')).toBeDefined();
    expect(screen.queryByText('Suspense fallback')).toBeNull();
  });

  test('loads nothing while the module is not wanted', () => {
    const { importer, calls } = manualImporter();
    render(<Shows chunk={loadedModule(importer)} wanted={false} />);
    expect(screen.getByText('Still loading')).toBeDefined();
    expect(calls).toHaveLength(0);
  });

  test('a chunk that cannot load reaches the error boundary, as a failed lazy component would', async () => {
    const { importer, calls } = manualImporter();
    const chunk = loadedModule(importer);
    const originalError = console.error;
    console.error = () => undefined;
    try {
      render(
        <ErrorBoundary fallback={(error) => <p>Caught: {(error as Error).message}</p>}>
          <Shows chunk={chunk} />
        </ErrorBoundary>,
      );
      await act(async () => {
        calls[0]?.reject(new Error('Failed to fetch dynamically imported module'));
        await flushPromises();
      });
    } finally {
      console.error = originalError;
    }
    expect(screen.queryByText('Still loading')).toBeNull();
    expect(screen.getByText('Caught: Failed to fetch dynamically imported module')).toBeDefined();
  });
});
