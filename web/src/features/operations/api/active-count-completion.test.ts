import { describe, expect, jest, test } from 'bun:test';
import type { CountCompletion } from '@engine/api-schemas.ts';
import { renderHook } from '@testing-library/react';
import { UserFacingError } from '@web/lib/api-request.ts';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { advanceTime } from '@web-test/timers.ts';
import {
  activeCountCompletionQueryOptions,
  fetchActiveCountCompletion,
  useActiveCountCompletion,
} from './active-count-completion.ts';

const completion: CountCompletion = {
  id: 12,
  locationId: 4,
  completedAt: '2025-03-04T21:15:00.000Z',
  completedBy: { id: 3, name: 'Maya Lopez' },
  itemsCounted: 41,
};

describe('active count completion (requirements §7, §8)', () => {
  test('asks for the location and returns its active completion', async () => {
    const { calls } = installFakeFetch(() => json(completion));
    expect(await fetchActiveCountCompletion(4)).toEqual(completion);
    expect(calls[0]?.url).toBe('/api/count-completions/active/4');
    expect(calls[0]?.init.credentials).toBe('include');
  });

  test('404 means there is none: null', async () => {
    installFakeFetch(() => json({ code: 'not_found', message: 'No active count.' }, { status: 404 }));
    expect(await fetchActiveCountCompletion(4)).toBeNull();
  });

  test("any other failure is 'Failed to fetch count completion status', keeping the status", async () => {
    installFakeFetch(() => new Response('boom', { status: 500 }));
    const error = await fetchActiveCountCompletion(4).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserFacingError);
    expect((error as UserFacingError).message).toBe('Failed to fetch count completion status');
    expect((error as UserFacingError).status).toBe(500);
  });

  test('polled every 30 seconds, one query per location', () => {
    expect(activeCountCompletionQueryOptions(4).refetchInterval).toBe(30_000);
    expect([...activeCountCompletionQueryOptions(4).queryKey]).toEqual([
      '/api/count-completions/active/:locationId',
      { locationId: 4 },
    ]);
    expect([...activeCountCompletionQueryOptions(5).queryKey]).not.toEqual(
      activeCountCompletionQueryOptions(4).queryKey,
    );
  });

  test('the hook polls the chosen location every 30 s and asks nothing without one', async () => {
    jest.useFakeTimers();
    const { calls } = installFakeFetch(() => json(completion));
    const { result, rerender } = renderHook(({ id }: { id: number | null }) => useActiveCountCompletion(id), {
      wrapper: createTestProviders().wrapper,
      initialProps: { id: null as number | null },
    });
    await advanceTime(60_000, 10_000);
    expect(calls).toHaveLength(0);

    rerender({ id: 4 });
    await advanceTime(0);
    expect(result.current.data).toEqual(completion);
    expect(calls).toHaveLength(1);
    await advanceTime(29_000);
    expect(calls).toHaveLength(1);
    await advanceTime(1000);
    expect(calls).toHaveLength(2);
    expect(calls.every((call) => call.url === '/api/count-completions/active/4')).toBe(true);
  });
});
