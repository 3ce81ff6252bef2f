import { describe, expect, jest, test } from 'bun:test';
import { renderHook } from '@testing-library/react';
import { installFakeFetch, json } from '../../../../test/fake-fetch.ts';
import { createTestProviders } from '../../../../test/query-wrapper.tsx';
import { advanceTime } from '../../../../test/timers.ts';
import { setTriggerStartNewCount } from '../../../lib/storage/trigger-start-new-count.ts';
import { useNewCountAfterOrder } from './use-new-count-after-order.ts';

const started = {
  locationId: 3,
  countSession: { id: 42, startedAt: '2025-03-10T15:00:00.000Z', startedBy: 'Mia Manager', clearedAt: null },
  closedSessionId: 41,
  deactivatedCompletionId: 7,
};

describe('a new count after an order', () => {
  test('the flag starts a new count at the café once, and is removed', async () => {
    jest.useFakeTimers();
    const { calls } = installFakeFetch((url) =>
      url === '/api/count-sessions/start'
        ? json(started, { status: 201 })
        : new Response('', { status: 404 }),
    );
    setTriggerStartNewCount();
    const { wrapper } = createTestProviders();
    const { rerender } = renderHook(() => useNewCountAfterOrder(3, true), { wrapper });
    await advanceTime(100);
    rerender();
    await advanceTime(100);
    const starts = calls.filter((call) => call.url === '/api/count-sessions/start');
    expect(starts).toHaveLength(1);
    expect(starts[0]?.init.body).toBe('{"locationId":3}');
    expect(localStorage.getItem('triggerStartNewCount')).toBeNull();
  });

  test('someone who cannot count leaves the flag for someone who can', () => {
    const { calls } = installFakeFetch(() => json(started));
    setTriggerStartNewCount();
    const { wrapper } = createTestProviders();
    renderHook(() => useNewCountAfterOrder(3, false), { wrapper });
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem('triggerStartNewCount')).toBe('true');
  });
});
