import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { MutationObserver, onlineManager, type QueryClient } from '@tanstack/react-query';
import { getToastState } from '@web/components/ui/use-toast.ts';
import { keepWaitingWrites, readWaitingWrites, waitingWritesKey } from '@web/lib/offline/waiting-writes.ts';
import { createQueryClient } from '@web/lib/query-client.ts';
import { installFakeFetch, installUnansweredFetch, json } from '@web-test/fake-fetch.ts';
import { orderDetail } from '@web-test/fixtures.ts';
import { type DeliveryInput, RECEIVE_DELIVERY } from './deliveries.ts';
import { orderWriteOptions } from './order-write.ts';
import { sendWaitingOrderWrites } from './send-waiting-order-writes.ts';

const NUMBER = 'DT-01-20261204-0001';
const told = {
  done: `Received the 2 lines from Valley Fresh Dairy on order ${NUMBER}`,
  failed: `The delivery of the 2 lines from Valley Fresh Dairy on order ${NUMBER} was not recorded`,
  order: { number: NUMBER },
};
const delivery: DeliveryInput = {
  orderId: 41,
  lines: [{ productId: 12, quantity: 1 }, { productId: 13 }],
  comment: 'one short',
};
const received = orderDetail({
  number: NUMBER,
  location: { id: 1, name: 'Harbor Street Café', code: 'DT-01', timezone: 'America/New_York' },
  status: 'received',
});

const clients: QueryClient[] = [];
function openPage(): QueryClient {
  const client = createQueryClient();
  client.mount();
  clients.push(client);
  return client;
}

/** Confirms a delivery on a page, as the receive dialog does. */
function confirmDelivery(client: QueryClient): Promise<unknown> {
  const observer = new MutationObserver(client, {
    ...orderWriteOptions(RECEIVE_DELIVERY, client),
    meta: told,
  });
  return observer.mutate(delivery).catch(() => undefined);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('an order write waiting for the network is kept on the device (decision 095)', () => {
  beforeEach(() => {
    localStorage.clear();
    onlineManager.setOnline(false);
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.unmount();
    onlineManager.setOnline(true);
  });

  test('kept for its person while it waits, sent once by the next page when the network returns, then gone', async () => {
    const { calls } = installFakeFetch(() => json(received));
    const first = openPage();
    const stop = keepWaitingWrites(first, 5);
    void confirmDelivery(first);
    await settle();
    expect(calls).toHaveLength(0);
    const kept = readWaitingWrites(5);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.state.variables).toEqual(delivery);
    expect(readWaitingWrites(6)).toEqual([]);
    stop();
    first.unmount();

    // The tab is closed; the app opens again, still offline: the write waits, still kept.
    const next = openPage();
    sendWaitingOrderWrites(next, readWaitingWrites(5));
    keepWaitingWrites(next, 5);
    await settle();
    expect(calls).toHaveLength(0);
    expect(readWaitingWrites(5)).toHaveLength(1);

    onlineManager.setOnline(true);
    await settle();
    expect(calls.map((call) => [call.init.method, call.url])).toEqual([
      ['POST', '/api/orders/41/deliveries'],
    ]);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ lines: delivery.lines, comment: 'one short' });
    expect(getToastState().toasts[0]).toMatchObject({ title: told.done });
    expect(localStorage.getItem(waitingWritesKey(5))).toBeNull();
  });

  test('a write still on its way when the tab closes is kept too, and sent again by the next page', async () => {
    onlineManager.setOnline(true);
    const unanswered = installUnansweredFetch();
    const first = openPage();
    const stop = keepWaitingWrites(first, 5);
    void confirmDelivery(first);
    await settle();
    expect(unanswered.calls).toHaveLength(1);
    expect(readWaitingWrites(5).map((write) => write.state.variables)).toEqual([delivery]);
    stop();
    first.unmount();

    const { calls } = installFakeFetch(() => json(received));
    const next = openPage();
    sendWaitingOrderWrites(next, readWaitingWrites(5));
    keepWaitingWrites(next, 5);
    await settle();
    expect(calls.map((call) => call.url)).toEqual(['/api/orders/41/deliveries']);
    expect(readWaitingWrites(5)).toEqual([]);
  });

  test('a refusal when it is sent later is told under the write’s own title, and nothing stays kept', async () => {
    installFakeFetch(() =>
      json({ code: 'forbidden', message: 'You may not receive orders.' }, { status: 403 }),
    );
    const first = openPage();
    const stop = keepWaitingWrites(first, 5);
    void confirmDelivery(first);
    await settle();
    stop();
    first.unmount();

    const next = openPage();
    sendWaitingOrderWrites(next, readWaitingWrites(5));
    keepWaitingWrites(next, 5);
    onlineManager.setOnline(true);
    await settle();
    expect(getToastState().toasts[0]).toMatchObject({
      variant: 'destructive',
      title: told.failed,
      description: 'You may not receive orders.',
    });
    expect(readWaitingWrites(5)).toEqual([]);
  });

  test('a write this version does not know, or an unreadable entry, is not sent', async () => {
    const { calls } = installFakeFetch(() => json(received));
    localStorage.setItem(
      waitingWritesKey(5),
      JSON.stringify([
        { mutationKey: ['waiting-write', 'gone-write'], meta: told, state: { isPaused: true } },
      ]),
    );
    const next = openPage();
    sendWaitingOrderWrites(next, readWaitingWrites(5));
    onlineManager.setOnline(true);
    await settle();
    expect(calls).toHaveLength(0);

    localStorage.setItem(waitingWritesKey(5), '{not json');
    expect(readWaitingWrites(5)).toEqual([]);
  });
});
