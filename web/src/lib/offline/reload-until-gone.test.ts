import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test';
import { RELOAD_RETRIES, RELOAD_RETRY_MS, reloadUntilGone } from './reload-until-gone.ts';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** The page's calls in order, as the page would see them. */
function recordedPage() {
  const calls: string[] = [];
  return { calls, reload: () => calls.push('reload'), stop: () => calls.push('stop') };
}

describe('reloadUntilGone', () => {
  test('reloads at once, and does nothing more while the reload has time to come', () => {
    const page = recordedPage();
    reloadUntilGone(page);
    expect(page.calls).toEqual(['reload']);
    jest.advanceTimersByTime(RELOAD_RETRY_MS - 1);
    expect(page.calls).toEqual(['reload']);
  });

  test('a page still here after the wait stops the stuck navigation before asking again', () => {
    const page = recordedPage();
    reloadUntilGone(page);
    jest.advanceTimersByTime(RELOAD_RETRY_MS);
    expect(page.calls).toEqual(['reload', 'stop', 'reload']);
  });

  test('asks a bounded number of times, never in a loop', () => {
    const page = recordedPage();
    reloadUntilGone(page);
    jest.advanceTimersByTime(RELOAD_RETRY_MS * (RELOAD_RETRIES + 5));
    expect(page.calls.filter((call) => call === 'reload')).toHaveLength(1 + RELOAD_RETRIES);
    expect(page.calls.filter((call) => call === 'stop')).toHaveLength(RELOAD_RETRIES);
  });

  test('the wait and the number of asks can be set', () => {
    const page = recordedPage();
    reloadUntilGone({ ...page, retryMs: 100, retries: 1 });
    jest.advanceTimersByTime(100);
    expect(page.calls).toEqual(['reload', 'stop', 'reload']);
    jest.advanceTimersByTime(1_000);
    expect(page.calls).toEqual(['reload', 'stop', 'reload']);
  });
});
