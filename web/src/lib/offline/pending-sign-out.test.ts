import { describe, expect, mock, test } from 'bun:test';
import { finishPendingSignOut, isSignOutPending, markSignOutPending } from './pending-sign-out.ts';

describe('a sign-out made with no network', () => {
  test('nothing pending: the session is not touched', async () => {
    const endSession = mock(() => Promise.resolve());
    expect(await finishPendingSignOut(endSession)).toBe(true);
    expect(endSession).not.toHaveBeenCalled();
  });

  test('still unreachable: the flag stays for the next try', async () => {
    markSignOutPending();
    expect(await finishPendingSignOut(() => Promise.reject(new TypeError('Failed to fetch')))).toBe(false);
    expect(isSignOutPending()).toBe(true);
  });

  test('the server heard it: the flag goes, and callers at the same moment share one request', async () => {
    markSignOutPending();
    const endSession = mock(() => Promise.resolve());
    const results = await Promise.all([finishPendingSignOut(endSession), finishPendingSignOut(endSession)]);
    expect(results).toEqual([true, true]);
    expect(endSession).toHaveBeenCalledTimes(1);
    expect(isSignOutPending()).toBe(false);
  });
});
