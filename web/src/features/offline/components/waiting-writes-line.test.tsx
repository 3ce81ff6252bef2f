import { afterEach, describe, expect, test } from 'bun:test';
import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { WAITING_WRITE } from '@web/lib/offline/waiting-writes.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { WaitingWritesLine } from './waiting-writes-line.tsx';

describe('WaitingWritesLine', () => {
  afterEach(() => onlineManager.setOnline(true));

  test('counts the order changes paused for the network, and goes once they are sent', async () => {
    onlineManager.setOnline(false);
    const { client, wrapper } = createTestProviders();
    const { queryByTestId, findByTestId } = render(<WaitingWritesLine />, { wrapper });
    expect(queryByTestId('waiting-writes-line')).toBeNull();

    const send = (name: string) =>
      new MutationObserver(client, {
        mutationKey: [WAITING_WRITE, name],
        mutationFn: async () => 'sent',
      }).mutate();
    // A write of another kind (a Settings form) waiting too is not an order change kept on the device.
    const other = new MutationObserver(client, {
      mutationKey: ['settings'],
      mutationFn: async () => 'saved',
    });
    let sent: Promise<unknown>[] = [];
    await act(async () => {
      sent = [send('receive-delivery'), send('order-action'), other.mutate()];
    });
    expect((await findByTestId('waiting-writes-line')).textContent).toBe(
      '2 order changes wait on this device · sent when the network returns',
    );

    await act(async () => {
      onlineManager.setOnline(true);
      await Promise.all(sent);
      // The mutation cache tells its observers on the next tick; inside act, React draws what they hear. Left to
      // waitFor, the redraw waited on timers a busy machine ran seconds late, past the test's time limit.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(queryByTestId('waiting-writes-line')).toBeNull();
  });
});
