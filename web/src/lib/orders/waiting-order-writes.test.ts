import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { MutationObserver, onlineManager, type QueryClient } from '@tanstack/react-query';
import { getToastState } from '@web/components/ui/use-toast.ts';
import { takeOverWaitingWrites } from '@web/lib/offline/use-waiting-writes.ts';
import { readKept, waitingWritesKey, waitingWritesPrefix } from '@web/lib/offline/waiting-writes.ts';
import { createQueryClient } from '@web/lib/query-client.ts';
import { installFakeFetch, installUnansweredFetch, json } from '@web-test/fake-fetch.ts';
import { installFakeWebLocks } from '@web-test/fake-web-locks.ts';
import { orderDetail } from '@web-test/fixtures.ts';
import { type DeliveryInput, RECEIVE_DELIVERY } from './deliveries.ts';
import { orderWriteOptions } from './order-write.ts';

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
let locks: ReturnType<typeof installFakeWebLocks>;
let tabs = 0;

interface Page {
  client: QueryClient;
  tab: string;
  /** The tab is closed: its page goes, and the browser lets go of its lock. */
  close: () => void;
}

/** A page of person 5 opening as the app does: it takes over what closed tabs left, then keeps its own. */
async function openPage(userId = 5): Promise<Page> {
  const client = createQueryClient();
  client.mount();
  clients.push(client);
  tabs += 1;
  const tab = `tab-${tabs}`;
  const stop = await takeOverWaitingWrites(client, userId, tab);
  return {
    client,
    tab,
    close: () => {
      stop?.();
      client.unmount();
      locks.release(`parstock-tab:${tab}`);
    },
  };
}

/** Every write of person 5 kept on the device, whichever tab keeps it. */
function keptWrites(userId = 5) {
  const prefix = waitingWritesPrefix(userId);
  return Object.keys(localStorage)
    .filter((key) => key === prefix || key.startsWith(`${prefix}:`))
    .flatMap(readKept);
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
    locks = installFakeWebLocks();
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.unmount();
    onlineManager.setOnline(true);
    locks.uninstall();
  });

  test('kept for its person while it waits, sent once by the next page when the network returns, then gone', async () => {
    const { calls } = installFakeFetch(() => json(received));
    const first = await openPage();
    void confirmDelivery(first.client);
    await settle();
    expect(calls).toHaveLength(0);
    const kept = readKept(waitingWritesKey(5, first.tab));
    expect(kept).toHaveLength(1);
    expect(kept[0]?.state.variables).toEqual(delivery);
    expect(keptWrites(6)).toEqual([]);
    first.close();

    // The tab is closed; the app opens again, still offline: the write waits, kept now by the new tab.
    const next = await openPage();
    await settle();
    expect(calls).toHaveLength(0);
    expect(readKept(waitingWritesKey(5, next.tab))).toHaveLength(1);
    expect(localStorage.getItem(waitingWritesKey(5, first.tab))).toBeNull();

    onlineManager.setOnline(true);
    await settle();
    expect(calls.map((call) => [call.init.method, call.url])).toEqual([
      ['POST', '/api/orders/41/deliveries'],
    ]);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ lines: delivery.lines, comment: 'one short' });
    expect(getToastState().toasts[0]).toMatchObject({ title: told.done });
    expect(keptWrites()).toEqual([]);
  });

  test('a write still on its way when the tab closes is kept too, and sent again by the next page', async () => {
    onlineManager.setOnline(true);
    const unanswered = installUnansweredFetch();
    const first = await openPage();
    void confirmDelivery(first.client);
    await settle();
    expect(unanswered.calls).toHaveLength(1);
    expect(keptWrites().map((write) => write.state.variables)).toEqual([delivery]);
    first.close();

    const { calls } = installFakeFetch(() => json(received));
    await openPage();
    await settle();
    expect(calls.map((call) => call.url)).toEqual(['/api/orders/41/deliveries']);
    expect(keptWrites()).toEqual([]);
  });

  test('a refusal when it is sent later is told under the write’s own title, and nothing stays kept', async () => {
    installFakeFetch(() =>
      json({ code: 'forbidden', message: 'You may not receive orders.' }, { status: 403 }),
    );
    const first = await openPage();
    void confirmDelivery(first.client);
    await settle();
    first.close();

    await openPage();
    onlineManager.setOnline(true);
    await settle();
    expect(getToastState().toasts[0]).toMatchObject({
      variant: 'destructive',
      title: told.failed,
      description: 'You may not receive orders.',
    });
    expect(keptWrites()).toEqual([]);
  });

  test('several sent by one page are told in one toast, each named', async () => {
    const { calls } = installFakeFetch(() => json(received));
    const first = await openPage();
    void confirmDelivery(first.client);
    void confirmDelivery(first.client);
    await settle();
    first.close();

    await openPage();
    onlineManager.setOnline(true);
    await settle();
    expect(calls).toHaveLength(2);
    expect(getToastState().toasts).toHaveLength(1);
    expect(getToastState().toasts[0]).toMatchObject({
      title: '2 order changes that waited on this device for the network went',
      description: `${told.done}; ${told.done}.`,
    });
  });

  test('a write this version does not know, or an unreadable entry, is not sent', async () => {
    const { calls } = installFakeFetch(() => json(received));
    localStorage.setItem(
      waitingWritesKey(5, 'closed'),
      JSON.stringify([
        { mutationKey: ['waiting-write', 'gone-write'], meta: told, state: { isPaused: true } },
      ]),
    );
    await openPage();
    onlineManager.setOnline(true);
    await settle();
    expect(calls).toHaveLength(0);

    localStorage.setItem(waitingWritesKey(5, 'closed'), '{not json');
    expect(readKept(waitingWritesKey(5, 'closed'))).toEqual([]);
  });

  test("two tabs keep their own writes: one's change never drops the other's, and a live tab's are its own to send", async () => {
    const { calls } = installFakeFetch(() => json(received));
    const phone = await openPage();
    const other = await openPage();
    void confirmDelivery(phone.client);
    await settle();
    // The other tab keeps a write of its own: the phone's stays kept.
    void confirmDelivery(other.client);
    await settle();
    expect(readKept(waitingWritesKey(5, phone.tab))).toHaveLength(1);
    expect(readKept(waitingWritesKey(5, other.tab))).toHaveLength(1);

    // A third tab opened while both live takes over nothing.
    const third = await openPage();
    expect(third.client.getMutationCache().getAll()).toHaveLength(0);

    // The phone's tab is closed: the next page takes over its write, and only it.
    phone.close();
    const next = await openPage();
    expect(next.client.getMutationCache().getAll()).toHaveLength(1);
    expect(localStorage.getItem(waitingWritesKey(5, phone.tab))).toBeNull();
    expect(readKept(waitingWritesKey(5, other.tab))).toHaveLength(1);
    onlineManager.setOnline(true);
    await settle();
    // Each write goes once: the phone's from the page that took it over, the other tab's from itself.
    expect(calls).toHaveLength(2);
  });

  test('two pages opening together take over a closed tab’s write once', async () => {
    const { calls } = installFakeFetch(() => json(received));
    const first = await openPage();
    void confirmDelivery(first.client);
    await settle();
    first.close();
    const [a, b] = await Promise.all([openPage(), openPage()]);
    const taken = [a, b].map((page) => page.client.getMutationCache().getAll().length);
    expect(taken.toSorted()).toEqual([0, 1]);
    onlineManager.setOnline(true);
    await settle();
    expect(calls).toHaveLength(1);
  });

  test('the one key of the version before each tab had its own is taken over too', async () => {
    const { calls } = installFakeFetch(() => json(received));
    const first = await openPage();
    void confirmDelivery(first.client);
    await settle();
    const older = localStorage.getItem(waitingWritesKey(5, first.tab)) ?? '';
    first.close();
    localStorage.clear();
    localStorage.setItem(waitingWritesPrefix(5), older);
    localStorage.setItem(waitingWritesPrefix(50), older);

    const next = await openPage();
    expect(next.client.getMutationCache().getAll()).toHaveLength(1);
    expect(localStorage.getItem(waitingWritesPrefix(5))).toBeNull();
    // Another person's (user 50, whose key starts like user 5's) is not this person's to send.
    expect(localStorage.getItem(waitingWritesPrefix(50))).toBe(older);
    onlineManager.setOnline(true);
    await settle();
    expect(calls).toHaveLength(1);
  });
});
