import { describe, expect, mock, test } from 'bun:test';
import { SKIP_WAITING_MESSAGE } from '@web/service-worker/offline-reads.ts';
import { type ServiceWorkerEvents, startServiceWorker } from './service-worker-client.ts';

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
    onTakeover: mock(() => {}),
  } satisfies ServiceWorkerEvents;
}

const start = (container: FakeContainer, handlers: ServiceWorkerEvents) =>
  startServiceWorker(container as unknown as ServiceWorkerContainer, handlers);

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
});
