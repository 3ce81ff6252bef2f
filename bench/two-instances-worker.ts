/**
 * One load-generator thread of `bench/two-instances.ts`: drives its share of the simulated devices open-loop.
 * Every device opens Count Inventory once (the screen's four reads) at a random moment of the ramp, then
 * saves a batch of five counts every `saveEveryMs` whether or not the previous answer has come (a person
 * keeps counting), re-reads its café's inventory every minute and asks for the active completion every 30 s,
 * each at a random phase, as the screen does (SHARED_DATA_REFRESH_MS, ACTIVE_COUNT_COMPLETION_POLL_MS).
 * Latency is measured from the moment a request was due, so a slow answer delays nobody's next measurement
 * (no coordinated omission). The thread owns whole cafés, so its record of last typed values is complete.
 */
import { type Expected, nextTypedAt } from './autosave-load.ts';

declare const self: Worker;

export interface LoadDevice {
  cookie: string;
  locationId: number;
  productIds: number[];
  origin: string;
}

export interface LoadPlan {
  devices: LoadDevice[];
  startAt: number;
  rampMs: number;
  durationMs: number;
  saveEveryMs: number;
  inventoryEveryMs: number;
  completionEveryMs: number;
  batchSize: number;
  /** The span of each window latencies are grouped by (byWindow). */
  windowMs: number;
}

export interface LoadFigures {
  saveLatencies: number[];
  readLatencies: number[];
  /** Latencies by what was asked (the save, each read of the screen). */
  byKind: Record<string, number[]>;
  /** Every latency by the 10 s window of the run it was due in: does the tail come from the screens opening? */
  byWindow: Record<number, number[]>;
  /** How late the load generator sent requests behind their due time (it is busy too). */
  sendLags: number[];
  saves: number;
  reads: number;
  errors: number;
  /** Of the errors, saves the server refused unsent as too busy (503 server_busy, decision 064). */
  refusedBusy: number;
  firstErrors: string[];
  lastTyped: [string, Expected][];
  /** Per item, the last value carried by a save that answered an error (it may still have been stored). */
  unanswered: [string, Expected][];
}

self.onmessage = async (event: MessageEvent<LoadPlan>) => {
  const plan = event.data;
  const figures: LoadFigures = {
    saveLatencies: [],
    readLatencies: [],
    sendLags: [],
    byKind: {},
    byWindow: {},
    saves: 0,
    reads: 0,
    errors: 0,
    refusedBusy: 0,
    firstErrors: [],
    lastTyped: [],
    unanswered: [],
  };
  const lastTyped = new Map<string, Expected>();
  const unanswered = new Map<string, Expected>();
  const end = plan.startAt + plan.durationMs;
  const inFlight = new Set<Promise<void>>();
  /*
   * Set once the run's time is up and its answers are being waited for. A device's timer due just before the
   * end can fire after that moment; its save, sent then, was stored by the server after the figures (and the
   * values to verify) had gone, and showed as one batch of wrong rows.
   */
  let closed = false;

  const fail = (what: string) => {
    figures.errors++;
    if (figures.firstErrors.length < 5) figures.firstErrors.push(what);
  };

  const request = (
    kind: 'save' | 'read',
    due: number,
    url: string,
    init: RequestInit,
    onOk?: (text: string) => void,
    onError?: () => void,
  ) => {
    figures.sendLags.push(Date.now() - due);
    const done = fetch(url, init)
      .then(async (res) => {
        const text = await res.text();
        const latency = Date.now() - due;
        // No active completion is an answer the screen expects (the count is not completed yet).
        const expected =
          res.status === 200 || (res.status === 404 && url.includes('/count-completions/active/'));
        if (!expected) {
          // Counted, not listed: at a peak beyond the database there are thousands, and a device's outbox keeps
          // their edits and sends them again (this generator does not).
          onError?.();
          if (res.status === 503 && text.includes('"server_busy"')) {
            figures.errors++;
            figures.refusedBusy++;
            return;
          }
          fail(`${res.status} ${kind} ${url}: ${text.slice(0, 200)}`);
          return;
        }
        (kind === 'save' ? figures.saveLatencies : figures.readLatencies).push(latency);
        const path = new URL(url).pathname.replace(/\/\d+$/, '/:id');
        const ofKind = figures.byKind[path] ?? [];
        ofKind.push(latency);
        figures.byKind[path] = ofKind;
        const window = Math.floor((due - plan.startAt) / plan.windowMs);
        const inWindow = figures.byWindow[window] ?? [];
        inWindow.push(latency);
        figures.byWindow[window] = inWindow;
        if (kind === 'save') figures.saves++;
        else figures.reads++;
        onOk?.(text);
      })
      .catch((error: unknown) => {
        onError?.();
        fail(`${kind} ${url}: ${error instanceof Error ? error.message : error}`);
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };

  /** Runs `tick` at `first`, then every `every` ms, until the end of the run. */
  const every = (first: number, interval: number, tick: (due: number) => void) => {
    const fire = (due: number) => {
      if (due >= end || closed) return;
      tick(due);
      if (!Number.isFinite(interval)) return;
      const next = due + interval;
      setTimeout(() => fire(next), Math.max(0, next - Date.now()));
    };
    setTimeout(() => fire(first), Math.max(0, first - Date.now()));
  };

  for (const device of plan.devices) {
    const headers = { cookie: device.cookie };
    const opensAt = plan.startAt + Math.random() * plan.rampMs;
    const get = (due: number, path: string) => request('read', due, `${device.origin}${path}`, { headers });
    // Opening Count Inventory: the product list, the category order, the café's inventory, its completion;
    // the two lists in the compact shape the app reads (decision 057).
    every(opensAt, Number.POSITIVE_INFINITY, (due) => {
      get(due, '/api/products?shape=compact');
      get(due, '/api/admin/category-order');
      get(due, `/api/inventory?locationId=${device.locationId}&shape=compact`);
      get(due, `/api/count-completions/active/${device.locationId}`);
    });
    every(opensAt + Math.random() * plan.inventoryEveryMs, plan.inventoryEveryMs, (due) =>
      get(due, `/api/inventory?locationId=${device.locationId}&shape=compact`),
    );
    every(opensAt + Math.random() * plan.completionEveryMs, plan.completionEveryMs, (due) =>
      get(due, `/api/count-completions/active/${device.locationId}`),
    );
    let sessionId: number | null = null;
    every(opensAt + Math.random() * plan.saveEveryMs, plan.saveEveryMs, (due) => {
      const chosen = new Set<number>();
      while (chosen.size < plan.batchSize) {
        chosen.add(device.productIds[Math.floor(Math.random() * device.productIds.length)] ?? 0);
      }
      const items = [...chosen].map((productId) => {
        const { iso, micros } = nextTypedAt();
        const count = Math.floor(Math.random() * 200) / 4;
        return { productId, count, confirmed: Math.random() < 0.33, typedAt: iso, micros };
      });
      request(
        'save',
        due,
        `${device.origin}/api/count-sessions/items`,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', origin: device.origin },
          body: JSON.stringify({
            locationId: device.locationId,
            sessionId,
            items: items.map(({ micros: _, ...item }) => item),
          }),
        },
        (text) => {
          const answer = JSON.parse(text) as { countSession: { id: number }; superseded: number[] };
          sessionId = answer.countSession.id;
          const superseded = new Set(answer.superseded);
          for (const item of items) {
            const key = `${device.locationId}:${item.productId}`;
            const kept = lastTyped.get(key);
            if (!kept || item.micros > kept.micros) {
              lastTyped.set(key, {
                micros: item.micros,
                count: item.count,
                answered: superseded.has(item.productId) ? 'superseded' : 'applied',
              });
            }
          }
        },
        () => {
          for (const item of items) {
            const key = `${device.locationId}:${item.productId}`;
            const kept = unanswered.get(key);
            if (!kept || item.micros > kept.micros)
              unanswered.set(key, { micros: item.micros, count: item.count });
          }
        },
      );
    });
  }

  await Bun.sleep(Math.max(0, end - Date.now()));
  closed = true;
  // Answers still on their way are waited for: a save sent is a save that must be verified.
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  figures.lastTyped = [...lastTyped];
  figures.unanswered = [...unanswered];
  self.postMessage(figures);
};
