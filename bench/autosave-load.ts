import { saveCountItemsResponseSchema } from '@engine/counting-schemas.ts';

/**
 * The simulated devices of the autosave bench: typed times, random batches and the closed-loop autosave of
 * `bench/count-autosave.ts`. It runs in a worker thread (`runAutosaveInWorker`), so the load generator's own
 * HTTP and JSON work is not charged to the server's thread: real devices are other machines.
 */

// ---------------------------------------------------------------------------------------------------------
// Typed times: strictly increasing to the microsecond across every simulated device, so "the last typed
// value" of each item is well defined and can be checked afterwards. Each is taken in the millisecond before
// the current one: the embedded database's clock counts whole milliseconds, so a time within the current one
// could be later than its clock at a save that lands within that millisecond, and a save stores such a time as
// its own (the rule for a device whose clock runs ahead). A device types before its outbox sends, as here.
// ---------------------------------------------------------------------------------------------------------
let lastMicros = 0;
export function nextTypedAt(): { iso: string; micros: number } {
  const micros = Math.max((Date.now() - 1) * 1000, lastMicros + 1);
  lastMicros = micros;
  return { iso: microsIso(micros), micros };
}

/** A time in microseconds since the epoch as ISO 8601 to the microsecond, as the database keeps it. */
export function microsIso(micros: number): string {
  return new Date(Math.floor(micros / 1000))
    .toISOString()
    .replace('Z', `${String(micros % 1000).padStart(3, '0')}Z`);
}

export interface Expected {
  micros: number;
  count: number | null;
  /** What the server answered for this edit, where the load generator keeps it. */
  answered?: 'applied' | 'superseded';
}

/** The last typed value of every (location, product) that a successful save carried. */
export class LastTyped {
  readonly values = new Map<string, Expected>();
  record(locationId: number, productId: number, value: Expected): void {
    const key = `${locationId}:${productId}`;
    const kept = this.values.get(key);
    if (!kept || value.micros > kept.micros) this.values.set(key, value);
  }
}

export function randomBatch(
  productIds: readonly number[],
): { productId: number; count: number | null; confirmed: boolean; typedAt: string; micros: number }[] {
  const size = 5 + Math.floor(Math.random() * 16);
  const chosen = new Set<number>();
  while (chosen.size < size) chosen.add(productIds[Math.floor(Math.random() * productIds.length)] ?? 0);
  return [...chosen].map((productId) => {
    const { iso, micros } = nextTypedAt();
    // Mostly counts in quarters, sometimes a cleared field, a third of them confirmed.
    const count = Math.random() < 0.05 ? null : Math.floor(Math.random() * 200) / 4;
    return { productId, count, confirmed: Math.random() < 0.33, typedAt: iso, micros };
  });
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export interface Device {
  cookie: string;
  locationId: number;
  sessionId: number | null;
  productIds: number[];
}

export interface HttpFigures {
  requests: number;
  itemSaves: number;
  superseded: number;
  errors: number;
  firstError: string | null;
  latencies: number[];
}

export async function autosave(
  origin: string,
  devices: Device[],
  seconds: number,
  lastTyped: LastTyped,
): Promise<HttpFigures> {
  const figures: HttpFigures = {
    requests: 0,
    itemSaves: 0,
    superseded: 0,
    errors: 0,
    firstError: null,
    latencies: [],
  };
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    devices.map(async (device) => {
      while (performance.now() < end) {
        const batch = randomBatch(device.productIds);
        const started = performance.now();
        try {
          const res = await fetch(`${origin}/api/count-sessions/items`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin, cookie: device.cookie },
            body: JSON.stringify({
              locationId: device.locationId,
              sessionId: device.sessionId,
              items: batch.map(({ micros: _, ...item }) => item),
            }),
          });
          const text = await res.text();
          figures.latencies.push(performance.now() - started);
          figures.requests++;
          if (res.status !== 200) {
            figures.errors++;
            figures.firstError ??= `${res.status}: ${text}`;
            continue;
          }
          const body = saveCountItemsResponseSchema.parse(JSON.parse(text));
          device.sessionId = body.countSession.id;
          figures.itemSaves += batch.length;
          figures.superseded += body.superseded.length;
          for (const item of batch) lastTyped.record(device.locationId, item.productId, item);
        } catch (error) {
          figures.errors++;
          figures.firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  return figures;
}

interface WorkerAnswer {
  figures: HttpFigures;
  lastTyped: [string, Expected][];
}

/** The autosave of `devices` for `seconds`, driven from a worker thread. */
export function runAutosaveInWorker(
  origin: string,
  devices: Device[],
  seconds: number,
): Promise<{ figures: HttpFigures; lastTyped: LastTyped }> {
  const worker = new Worker(new URL('./autosave-load-worker.ts', import.meta.url).href);
  return new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      const lastTyped = new LastTyped();
      for (const [key, value] of event.data.lastTyped) lastTyped.values.set(key, value);
      worker.terminate();
      resolve({ figures: event.data.figures, lastTyped });
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage({ origin, devices, seconds });
  });
}
