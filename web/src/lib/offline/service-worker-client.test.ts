import { describe, expect, mock, test } from 'bun:test';
import { SKIP_WAITING_MESSAGE } from '@web/service-worker/offline-reads.ts';
import {
  type ServiceWorkerEvents,
  type ServiceWorkerOptions,
  startServiceWorker,
  UPDATE_CHOSEN_KEY,
} from './service-worker-client.ts';

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  postMessage = mock((_message: unknown) => {});
  become(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
}

class FakeContainer extends EventTarget {
  registration = new FakeRegistration();
  constructor(public controller: FakeWorker | null) {
    super();
  }
  register = mock(async (_url: string, _options: unknown) => this.registration);
  takeOver(worker: FakeWorker): void {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

function events() {
  return {
    onFirstControl: mock(() => {}),
    onUpdateWaiting: mock((_activate: () => void) => {}),
    onUpdateChosen: mock(() => {}),
    onTakeover: mock(() => {}),
  } satisfies ServiceWorkerEvents;
}

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const WAIT_MS = 20;
const waitPast = () => new Promise((resolve) => setTimeout(resolve, WAIT_MS * 3));

const start = (
  container: FakeContainer,
  handlers: ServiceWorkerEvents,
  options: ServiceWorkerOptions = { storage: new MemoryStorage(), takeoverWaitMs: WAIT_MS },
) => startServiceWorker(container as unknown as ServiceWorkerContainer, handlers, options);

/** A page controlled by the old version, with the new one installed and offered. */
async function offeredUpdate<S extends NonNullable<ServiceWorkerOptions['storage']>>(storage: S) {
  const container = new FakeContainer(new FakeWorker());
  const handlers = events();
  await start(container, handlers, { storage, takeoverWaitMs: WAIT_MS });
  const next = new FakeWorker();
  container.registration.installing = next;
  container.registration.dispatchEvent(new Event('updatefound'));
  next.become('installed');
  const activate = handlers.onUpdateWaiting.mock.calls[0]?.[0];
  if (!activate) throw new Error('The update was not offered');
  return { container, handlers, next, activate, storage };
}

describe('the page and its service worker', () => {
  test('the first version takes the page without a reload and without asking', async () => {
    const container = new FakeContainer(null);
    const handlers = events();
    await start(container, handlers);
    const first = new FakeWorker();
    container.registration.installing = first;
    container.registration.dispatchEvent(new Event('updatefound'));
    first.become('installed');
    container.takeOver(first);
    expect(handlers.onUpdateWaiting).not.toHaveBeenCalled();
    expect(handlers.onFirstControl).toHaveBeenCalledTimes(1);
    expect(handlers.onTakeover).not.toHaveBeenCalled();
  });

  test('a new version waits until the person chooses to reload, then the page reloads once', async () => {
    const container = new FakeContainer(new FakeWorker());
    const handlers = events();
    await start(container, handlers);
    const next = new FakeWorker();
    container.registration.installing = next;
    container.registration.dispatchEvent(new Event('updatefound'));
    next.become('installed');
    expect(handlers.onUpdateWaiting).toHaveBeenCalledTimes(1);
    expect(next.postMessage).not.toHaveBeenCalled();

    const activate = handlers.onUpdateWaiting.mock.calls[0]?.[0];
    activate?.();
    expect(next.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
    container.takeOver(next);
    container.takeOver(next);
    expect(handlers.onTakeover).toHaveBeenCalledTimes(1);
    expect(handlers.onFirstControl).not.toHaveBeenCalled();
  });

  test('a version already waiting when the page opens is offered at once', async () => {
    const container = new FakeContainer(new FakeWorker());
    container.registration.waiting = new FakeWorker();
    const handlers = events();
    await start(container, handlers);
    expect(handlers.onUpdateWaiting).toHaveBeenCalledTimes(1);
    expect(container.register.mock.calls[0]?.[0]).toBe('/sw.js');
  });

  test('a chosen update that never takes the page reloads it anyway, once, and remembers the choice', async () => {
    const { container, handlers, next, activate, storage } = await offeredUpdate(new MemoryStorage());
    activate();
    expect(handlers.onUpdateChosen).toHaveBeenCalledTimes(1);
    expect(storage.items.get(UPDATE_CHOSEN_KEY)).toBe('1');
    expect(handlers.onTakeover).not.toHaveBeenCalled();
    await waitPast();
    expect(handlers.onTakeover).toHaveBeenCalledTimes(1);
    // The worker coming after all, as the page unloads, does not reload it a second time.
    container.takeOver(next);
    expect(handlers.onTakeover).toHaveBeenCalledTimes(1);
  });

  test('an update that takes the page in time reloads once; the page it brings forgets the choice', async () => {
    const { container, handlers, next, activate, storage } = await offeredUpdate(new MemoryStorage());
    activate();
    container.takeOver(next);
    await waitPast();
    expect(handlers.onTakeover).toHaveBeenCalledTimes(1);
    expect(storage.items.get(UPDATE_CHOSEN_KEY)).toBe('1');

    const reloaded = new FakeContainer(next);
    await start(reloaded, events(), { storage, takeoverWaitMs: WAIT_MS });
    expect(storage.items.has(UPDATE_CHOSEN_KEY)).toBe(false);
  });

  test('the page after such a reload asks the waiting version again instead of offering it', async () => {
    const storage = new MemoryStorage();
    storage.setItem(UPDATE_CHOSEN_KEY, '1');
    const container = new FakeContainer(new FakeWorker());
    const waiting = new FakeWorker();
    container.registration.waiting = waiting;
    const handlers = events();
    await start(container, handlers, { storage, takeoverWaitMs: WAIT_MS });
    expect(waiting.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
    expect(handlers.onUpdateWaiting).not.toHaveBeenCalled();
    container.takeOver(waiting);
    await waitPast();
    expect(handlers.onTakeover).toHaveBeenCalledTimes(1);
    expect(handlers.onUpdateWaiting).not.toHaveBeenCalled();
  });

  test('should it still not come, the update is offered again: no reload loop', async () => {
    const storage = new MemoryStorage();
    storage.setItem(UPDATE_CHOSEN_KEY, '1');
    const container = new FakeContainer(new FakeWorker());
    container.registration.waiting = new FakeWorker();
    const handlers = events();
    await start(container, handlers, { storage, takeoverWaitMs: WAIT_MS });
    await waitPast();
    expect(handlers.onTakeover).not.toHaveBeenCalled();
    expect(handlers.onUpdateWaiting).toHaveBeenCalledTimes(1);
    expect(storage.items.has(UPDATE_CHOSEN_KEY)).toBe(false);
  });

  test('a tab whose storage refuses still reloads for a chosen update', async () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const { handlers, activate } = await offeredUpdate(refusing);
    activate();
    await waitPast();
    expect(handlers.onTakeover).toHaveBeenCalledTimes(1);
  });
});
