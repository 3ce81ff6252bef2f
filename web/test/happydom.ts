import { afterEach, beforeEach, jest, mock } from 'bun:test';
import { GlobalRegistrator } from '@happy-dom/global-registrator';

/*
 * Web unit tests only (`bun test --preload ./web/test/happydom.ts web/src`): happy-dom replaces fetch,
 * Request and Response globally, which the server tests must not see.
 */
const timerNames = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] as const;
const nativeTimers = Object.fromEntries(timerNames.map((name) => [name, globalThis[name]]));
GlobalRegistrator.register({ url: 'http://localhost:3000/' });
// happy-dom's setTimeout folds every 0 ms timeout into one shared timer. One armed under fake timers and
// left when a test goes back to real time never fires, and with it no 0 ms timeout of any later test in the
// run: which test then fails depends on file order. Bun's own timers, which fake time drives, have no such state.
Object.assign(globalThis, nativeTimers);

// Tells React that tests wrap updates in act(), so it reports updates that escape it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Imported after the DOM exists: Testing Library reads `document` when it loads.
const { cleanup } = await import('@testing-library/react');

// Tests replace fetch with a fake (the client is what they test); each test starts with the real one.
const originalFetch = globalThis.fetch;
const originalConsoleError = console.error;
let unexpectedErrors: unknown[][] = [];

beforeEach(() => {
  unexpectedErrors = [];
  // An error logged without the test expecting it (spyOn(console, 'error') to expect one) fails the test.
  console.error = (...args: unknown[]) => {
    unexpectedErrors.push(args);
    originalConsoleError(...args);
  };
});

afterEach(() => {
  cleanup();
  jest.useRealTimers();
  mock.restore();
  globalThis.fetch = originalFetch;
  console.error = originalConsoleError;
  window.localStorage.clear();
  document.documentElement.removeAttribute('style');
  if (unexpectedErrors.length > 0) {
    const first = unexpectedErrors[0]?.map(String).join(' ') ?? '';
    throw new Error(`console.error was called ${unexpectedErrors.length} time(s) unexpectedly: ${first}`);
  }
});
