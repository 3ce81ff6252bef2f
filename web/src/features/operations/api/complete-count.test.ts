import { describe, expect, jest, spyOn, test } from 'bun:test';
import { act, renderHook } from '@testing-library/react';
import type { UserFacingError } from '@web/lib/api-request.ts';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { advanceTime } from '@web-test/timers.ts';
import { completeCount, useCompleteCount } from './complete-count.ts';

describe('complete count (requirements §7, §8)', () => {
  test('POSTs the location id as JSON', async () => {
    const completion = {
      id: 12,
      locationId: 4,
      completedAt: '2025-03-04T21:15:00.000Z',
      completedBy: { id: 3, name: 'Maya Lopez' },
      itemsCounted: 41,
    };
    const { calls } = installFakeFetch(() => json(completion, { status: 201 }));
    await completeCount(4);
    expect(calls[0]?.url).toBe('/api/count-completions/complete');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"locationId":4}');
  });

  test("a refusal carries the server's message", async () => {
    const message = '2 items were edited after confirmation and must be re-confirmed before completing.';
    installFakeFetch(() => json({ code: 'reconfirmation_required', message }, { status: 409 }));
    const error = (await completeCount(4).catch((e: unknown) => e)) as UserFacingError;
    expect(error.message).toBe(message);
    expect(error.status).toBe(409);
  });

  test("without a server message it is 'Failed to complete count'", async () => {
    installFakeFetch(() => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await completeCount(4).catch((e: unknown) => e)) as UserFacingError;
    expect(error.message).toBe('Failed to complete count');
    expect(error.status).toBe(502);
  });

  test('the mutation is not retried when refused, and refreshes the count status after', async () => {
    jest.useFakeTimers();
    const message = 'Select a location first.';
    const { calls } = installFakeFetch((url) =>
      url === '/api/count-completions/complete'
        ? json({ code: 'location_required', message }, { status: 400 })
        : new Response('', { status: 404 }),
    );
    const { client, wrapper } = createTestProviders();
    const invalidate = spyOn(client, 'invalidateQueries');
    const { result } = renderHook(() => useCompleteCount(), { wrapper });
    await act(async () => {
      result.current.mutate(4);
    });
    await advanceTime(30_000, 5000);
    expect(calls.filter((call) => call.url === '/api/count-completions/complete')).toHaveLength(1);
    expect(result.current.error?.message).toBe(message);
    expect(invalidate).toHaveBeenCalledWith({
      queryKey: ['/api/count-completions/active/:locationId', { locationId: 4 }],
    });
  });
});
