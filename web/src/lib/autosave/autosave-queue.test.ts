import { describe, expect, test } from 'bun:test';
import type { SaveCountItemsBody } from '@engine/counting-schemas.ts';
import { saveCountItems } from '@web/features/operations/api/save-count-items.ts';
import { installFakeFetch, json, neverAnswered } from '@web-test/fake-fetch.ts';
import { AutosaveQueue, SAVE_ANSWER_TIMEOUT_MS } from './autosave-queue.ts';
import { ManualTimers } from './manual-timers.ts';
import { createMemoryStore, type KeyValueStore } from './outbox-storage.ts';
import type { SaveFailure } from './save-failure.ts';

interface CountValue {
  count: number | null;
  confirmed: boolean;
}
const isCountValue = (value: unknown): value is CountValue =>
  typeof value === 'object' && value !== null && 'confirmed' in value;

const KEY = 'parstock:outbox:v1:7:3:count_inventory:41';
const session = { id: 41, startedAt: '2025-03-10T14:00:00.000Z', startedBy: 'Sam Staff', clearedAt: null };

/** The count-items endpoint as the server answers it: every item applied and stored as sent. */
function storedAsSent(body: SaveCountItemsBody) {
  return {
    locationId: 3,
    countSession: session,
    applied: body.items.map((item) => item.productId),
    superseded: [],
    items: body.items.map((item) => ({
      productId: item.productId,
      count: item.count,
      confirmed: item.confirmed,
      editedAfterConfirm: false,
      typedAt: item.typedAt,
      countedAt: '2025-03-10T15:00:01.000Z',
      countedBy: 'Sam Staff',
    })),
  };
}

function bodyOf(init: RequestInit): SaveCountItemsBody {
  return JSON.parse(String(init.body)) as SaveCountItemsBody;
}

function countQueue(
  store: KeyValueStore,
  timers: ManualTimers,
  extra: { onBlocked?: (failure: SaveFailure) => void } = {},
) {
  return new AutosaveQueue<CountValue>({
    store,
    key: KEY,
    isValue: isCountValue,
    timers,
    now: () => timers.now,
    random: () => 0,
    send: (entries, signal) =>
      saveCountItems(
        {
          locationId: 3,
          sessionId: 41,
          items: entries.map((entry) => ({
            productId: entry.itemId,
            ...entry.value,
            typedAt: entry.typedAt,
          })),
        },
        signal,
      ),
    ...extra,
  });
}

describe('autosave queue', () => {
  test('a number typed after a time the server gave is stamped later than it, on a phone whose clock runs slow', () => {
    const store = createMemoryStore();
    const timers = new ManualTimers();
    const queue = countQueue(store, timers);
    // The server cleared the count three minutes after this phone's clock.
    const clearedAt = new Date(timers.now + 180_000).toISOString();
    queue.raiseTypingFloor(clearedAt);
    queue.raiseTypingFloor(null);
    queue.raiseTypingFloor('not a time');
    queue.record(12, { count: 4, confirmed: false });
    queue.record(13, { count: 2, confirmed: false });
    const typed = (JSON.parse(store.get(KEY) ?? '{}').entries as { typedAt: string }[]).map(
      (entry) => entry.typedAt,
    );
    expect(typed.every((at) => at > clearedAt)).toBe(true);
    expect(typed[1] && typed[0] && typed[1] > typed[0]).toBe(true);
  });

  test('stores an edit before any request, then sends it ~400 ms after the last keystroke', async () => {
    const { calls } = installFakeFetch((_url, init) => json(storedAsSent(bodyOf(init))));
    const store = createMemoryStore();
    const timers = new ManualTimers();
    const queue = countQueue(store, timers);

    queue.record(12, { count: 4, confirmed: false });
    expect(JSON.parse(store.get(KEY) ?? '{}').entries).toHaveLength(1);
    expect(queue.getSnapshot().pending).toBe(1);
    await timers.advance(300);
    queue.record(12, { count: 4.5, confirmed: false });
    await timers.advance(399);
    expect(calls).toHaveLength(0);

    await timers.advance(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/count-sessions/items');
    expect(bodyOf(calls[0]?.init ?? {})).toEqual({
      locationId: 3,
      sessionId: 41,
      items: [{ productId: 12, count: 4.5, confirmed: false, typedAt: '2025-03-10T15:00:00.300Z' }],
    });
    expect(store.get(KEY)).toBeNull();
    expect(queue.getSnapshot()).toMatchObject({ pending: 0, saving: 0, failing: false });
    expect(queue.getSnapshot().savedAt).toBe(timers.now);
  });

  test('someone typing without pause still gets a save every 2 seconds', async () => {
    const { calls } = installFakeFetch((_url, init) => json(storedAsSent(bodyOf(init))));
    const timers = new ManualTimers();
    const queue = countQueue(createMemoryStore(), timers);
    for (let keystroke = 0; keystroke < 10; keystroke++) {
      queue.record(keystroke + 1, { count: keystroke, confirmed: false });
      await timers.advance(250);
    }
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(bodyOf(calls[0]?.init ?? {}).items).toHaveLength(8);
  });

  test('sends at most 100 items per request, in the order they were typed', async () => {
    const { calls } = installFakeFetch((_url, init) => json(storedAsSent(bodyOf(init))));
    const timers = new ManualTimers();
    const queue = countQueue(createMemoryStore(), timers);
    for (let productId = 1; productId <= 250; productId++)
      queue.record(productId, { count: 1, confirmed: true });
    await timers.advance(400);
    const sizes = calls.map((call) => bodyOf(call.init).items.length);
    expect(sizes).toEqual([100, 100, 50]);
    const order = calls.flatMap((call) => bodyOf(call.init).items.map((item) => item.productId));
    expect(order).toEqual(Array.from({ length: 250 }, (_, index) => index + 1));
  });

  test('an item typed while its save is on the way is kept and sent next, not lost', async () => {
    let answer: (() => void) | null = null;
    const { calls } = installFakeFetch(
      (_url, init) =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(json(storedAsSent(bodyOf(init))));
        }),
    );
    const timers = new ManualTimers();
    const queue = countQueue(createMemoryStore(), timers);
    queue.record(12, { count: 4, confirmed: false });
    await timers.advance(400);
    expect(queue.getSnapshot().saving).toBe(1);

    queue.record(12, { count: 6, confirmed: false });
    (answer as (() => void) | null)?.();
    await timers.advance(0);
    expect(queue.getSnapshot().entries.get(12)?.value.count).toBe(6);

    (answer as (() => void) | null)?.();
    await timers.advance(0);
    expect(calls.map((call) => bodyOf(call.init).items[0]?.count)).toEqual([4, 6]);
    expect(queue.getSnapshot().pending).toBe(0);
  });

  test('without a connection it keeps every edit and tries again after 1 s, 2 s, 4 s…', async () => {
    let online = false;
    const { calls } = installFakeFetch((_url, init) => {
      if (!online) throw new TypeError('Failed to fetch');
      return json(storedAsSent(bodyOf(init)));
    });
    const store = createMemoryStore();
    const timers = new ManualTimers();
    const queue = countQueue(store, timers);
    queue.record(1, { count: 2, confirmed: false });
    queue.record(2, { count: 3, confirmed: true });

    await timers.advance(400);
    expect(calls).toHaveLength(1);
    expect(queue.getSnapshot()).toMatchObject({
      pending: 2,
      failing: true,
      lastError: 'The server could not be reached.',
    });
    await timers.advance(999);
    expect(calls).toHaveLength(1);
    await timers.advance(1);
    expect(calls).toHaveLength(2);
    await timers.advance(2000);
    expect(calls).toHaveLength(3);
    expect(JSON.parse(store.get(KEY) ?? '{}').entries).toHaveLength(2);

    online = true;
    await timers.advance(4000);
    expect(calls).toHaveLength(4);
    expect(queue.getSnapshot()).toMatchObject({ pending: 0, failing: false, lastError: null });
    expect(store.get(KEY)).toBeNull();
  });

  test('the connection coming back sends at once instead of waiting out the pause', async () => {
    let online = false;
    const { calls } = installFakeFetch((_url, init) => {
      if (!online) throw new TypeError('Failed to fetch');
      return json(storedAsSent(bodyOf(init)));
    });
    const timers = new ManualTimers();
    const queue = countQueue(createMemoryStore(), timers);
    queue.record(1, { count: 2, confirmed: false });
    await timers.advance(400 + 1000 + 2000 + 4000);
    expect(calls).toHaveLength(4);

    online = true;
    queue.flushNow();
    await timers.advance(0);
    expect(calls).toHaveLength(5);
    expect(queue.getSnapshot().pending).toBe(0);
  });

  test('a save with no answer is given up after 20 s and sent again, so a dead connection holds nothing back', async () => {
    let answering = false;
    const { calls } = installFakeFetch((_url, init) => {
      // A café's Wi-Fi with no internet behind it: the request is accepted and never answered.
      if (!answering) return neverAnswered(init);
      return json(storedAsSent(bodyOf(init)));
    });
    const timers = new ManualTimers();
    const queue = countQueue(createMemoryStore(), timers);
    queue.record(1, { count: 2, confirmed: false });
    await timers.advance(400);
    queue.record(2, { count: 5, confirmed: true });
    expect(calls).toHaveLength(1);
    expect(queue.getSnapshot()).toMatchObject({ saving: 1, pending: 2, failing: false });

    await timers.advance(SAVE_ANSWER_TIMEOUT_MS - 1);
    expect(calls).toHaveLength(1);
    expect(queue.getSnapshot().saving).toBe(1);
    await timers.advance(1);
    expect(calls[0]?.init.signal?.aborted).toBe(true);
    expect(queue.getSnapshot()).toMatchObject({
      saving: 0,
      pending: 2,
      failing: true,
      lastError: 'The server did not answer in time.',
    });

    answering = true;
    await timers.advance(1000);
    expect(calls).toHaveLength(2);
    expect(bodyOf(calls[1]?.init ?? {}).items.map((item) => item.productId)).toEqual([1, 2]);
    expect(queue.getSnapshot()).toMatchObject({ pending: 0, failing: false, lastError: null });
  });

  test('an answer in time clears the deadline: no save is given up after it', async () => {
    const { calls } = installFakeFetch((_url, init) => json(storedAsSent(bodyOf(init))));
    const timers = new ManualTimers();
    const queue = countQueue(createMemoryStore(), timers);
    queue.record(1, { count: 2, confirmed: false });
    await timers.advance(400);
    expect(queue.getSnapshot()).toMatchObject({ pending: 0, failing: false });
    await timers.advance(SAVE_ANSWER_TIMEOUT_MS * 2);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.signal?.aborted).toBe(false);
    expect(queue.getSnapshot()).toMatchObject({ pending: 0, failing: false, lastError: null });
  });

  test('edits left by a closed tab are sent when the screen opens again', async () => {
    installFakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const store = createMemoryStore();
    const timers = new ManualTimers();
    const first = countQueue(store, timers);
    first.record(5, { count: 1, confirmed: false });
    first.record(6, { count: 2, confirmed: false });
    first.record(5, { count: 8, confirmed: true });
    await timers.advance(400);
    first.dispose();

    const { calls } = installFakeFetch((_url, init) => json(storedAsSent(bodyOf(init))));
    const second = countQueue(store, timers);
    expect(second.getSnapshot().pending).toBe(2);
    await timers.advance(0);
    expect(bodyOf(calls[0]?.init ?? {}).items.map((item) => [item.productId, item.count])).toEqual([
      [6, 2],
      [5, 8],
    ]);
    expect(store.get(KEY)).toBeNull();
  });

  test('a refused batch is split, so only the refused item waits, with the server’s message', async () => {
    const message = 'The count of product 13 must be a whole number or end in .25, .5 or .75';
    const { calls } = installFakeFetch((_url, init) => {
      const body = bodyOf(init);
      if (body.items.some((item) => item.count === 1.1)) {
        return json({ code: 'validation_failed', message }, { status: 400 });
      }
      return json(storedAsSent(body));
    });
    const timers = new ManualTimers();
    const queue = countQueue(createMemoryStore(), timers);
    queue.record(12, { count: 1, confirmed: false });
    queue.record(13, { count: 1.1, confirmed: false });
    queue.record(14, { count: 3, confirmed: false });
    const drained = queue.drain();
    await timers.advance(0);

    expect(calls.map((call) => bodyOf(call.init).items.map((item) => item.productId))).toEqual([
      [12, 13, 14],
      [12],
      [13],
      [14],
    ]);
    const snapshot = queue.getSnapshot();
    expect(snapshot).toMatchObject({ pending: 0, refused: 1 });
    expect(snapshot.entries.get(13)?.refused).toBe(message);
    expect(await drained).toBe(false);

    queue.record(13, { count: 1.25, confirmed: false });
    await timers.advance(400);
    expect(queue.getSnapshot()).toMatchObject({ pending: 0, refused: 0 });
    expect(calls.at(-1)?.init.body).toContain('"count":1.25');
  });

  test('a refusal for good leaves the outbox at once, is never sent again and shows until dismissed', async () => {
    const { calls } = installFakeFetch(() =>
      json({ code: 'forbidden', message: 'You may no longer count at this café.' }, { status: 403 }),
    );
    const timers = new ManualTimers();
    const store = createMemoryStore();
    const queue = countQueue(store, timers);
    queue.record(12, { count: 4, confirmed: true });
    await timers.advance(400);
    expect(calls).toHaveLength(1);

    const snapshot = queue.getSnapshot();
    expect(snapshot).toMatchObject({ pending: 0, refused: 1, failing: false });
    // The typed value stays visible with the reason; nothing of it waits to be sent.
    expect(snapshot.entries.get(12)).toMatchObject({
      value: { count: 4, confirmed: true },
      refused: 'You may no longer count at this café.',
    });
    expect(JSON.parse(store.get(KEY) ?? '{}').entries).toEqual([]);
    await timers.advance(120_000);
    queue.flushNow();
    await timers.advance(60_000);
    expect(calls).toHaveLength(1);

    queue.dismissRefused(12);
    expect(queue.getSnapshot()).toMatchObject({ pending: 0, refused: 0 });
    expect(queue.getSnapshot().entries.size).toBe(0);
    expect(store.get(KEY)).toBeNull();
  });

  test('a count restarted elsewhere stops saving and keeps the numbers for the person to decide', async () => {
    const { calls } = installFakeFetch(() =>
      json(
        {
          code: 'count_session_changed',
          message: 'This count was restarted.',
          details: { sentSessionId: 41, openSessionId: 42 },
        },
        { status: 409 },
      ),
    );
    const blocked: SaveFailure[] = [];
    const store = createMemoryStore();
    const timers = new ManualTimers();
    const queue = countQueue(store, timers, { onBlocked: (failure) => blocked.push(failure) });
    queue.record(12, { count: 4, confirmed: false });
    queue.record(14, { count: 2, confirmed: false });
    await timers.advance(60_000);

    expect(calls).toHaveLength(1);
    expect(blocked).toEqual([expect.objectContaining({ kind: 'session_changed', openSessionId: 42 })]);
    expect(queue.getSnapshot()).toMatchObject({ pending: 2, blocked: { kind: 'session_changed' } });
    expect(JSON.parse(store.get(KEY) ?? '{}').entries).toHaveLength(2);
    expect(await queue.drain()).toBe(false);
  });

  test('drain resolves once everything typed is stored', async () => {
    installFakeFetch((_url, init) => json(storedAsSent(bodyOf(init))));
    const timers = new ManualTimers();
    const queue = countQueue(createMemoryStore(), timers);
    expect(await queue.drain()).toBe(true);
    queue.record(1, { count: 2, confirmed: true });
    const drained = queue.drain();
    await timers.advance(0);
    expect(await drained).toBe(true);
  });

  test('discard forgets the edits (the person started a new count themselves)', async () => {
    const { calls } = installFakeFetch((_url, init) => json(storedAsSent(bodyOf(init))));
    const store = createMemoryStore();
    const timers = new ManualTimers();
    const queue = countQueue(store, timers);
    queue.record(1, { count: 2, confirmed: true });
    queue.discard();
    await timers.advance(5000);
    expect(calls).toHaveLength(0);
    expect(store.get(KEY)).toBeNull();
    expect(queue.getSnapshot().pending).toBe(0);
  });
});

describe('the outbox read back from storage', () => {
  test('a keystroke does not parse the edits again when only this queue wrote them; another writer’s change is read', () => {
    const store = createMemoryStore();
    const timers = new ManualTimers();
    let checked = 0;
    const queue = new AutosaveQueue<CountValue>({
      store,
      key: KEY,
      isValue: (value: unknown): value is CountValue => {
        checked += 1;
        return isCountValue(value);
      },
      timers,
      now: () => timers.now,
      // Offline: nothing is sent, so the edits pile up as in a long count kept without a network.
      send: () => new Promise(() => {}),
    });
    for (let item = 1; item <= 300; item += 1) queue.record(item, { count: item, confirmed: false });
    const afterTyping = checked;
    queue.record(301, { count: 1, confirmed: false });
    // The stored edits are checked once when they are read from text, never on every keystroke.
    expect(checked - afterTyping).toBe(0);

    // Another tab of the same screen writes the outbox: its text differs, so it is read and checked again.
    const stored = JSON.parse(store.get(KEY) ?? '{}') as { entries: { itemId: number; value: CountValue }[] };
    const other = stored.entries.find((entry) => entry.itemId === 7);
    if (other) other.value = { count: 70, confirmed: true };
    store.set(KEY, JSON.stringify(stored));
    queue.reload();
    expect(checked - afterTyping).toBe(301);
    expect(queue.getSnapshot().entries.get(7)?.value).toEqual({ count: 70, confirmed: true });
    expect(queue.getSnapshot().pending).toBe(301);
    queue.dispose();
  });
});
