import type { SquareClient } from 'square';
import { SquareFailure } from './square-failure.ts';
import type { SecretValue, SquareEnvironmentName } from './square-settings.ts';

/**
 * The one place Parstock calls Square, through Square's official SDK (decision 024). Every other file sees
 * plain records and `SquareFailure`; none imports the SDK (test/architecture.test.ts refuses it).
 *
 * The SDK is loaded on the first call, not when the server starts: it adds ~70 MB to the process, and a
 * server that never asks Square (no Square screen opened since the start) should not carry it (decision 044).
 */

export interface SquareLocationRecord {
  id: string;
  name: string;
  status: string | null;
}

export interface SquareVariationRecord {
  id: string;
  itemName: string;
  variationName: string;
  sku: string | null;
}

export interface SquareGatewayOptions {
  token: SecretValue;
  environment: SquareEnvironmentName;
  /** Overrides the environment: the local Square server or a proxy. */
  baseUrl?: string;
  /** Per request; a screen never waits longer than this for one page. */
  timeoutMs?: number;
  /**
   * Retries of 429 and 5xx answers: after the wait Retry-After asks, or a backoff of 1 s, then 2 s. A wait asked
   * for longer than `MAX_RETRY_WAIT_MS` is not waited out: the person who pressed Sync is told to come back.
   */
  maxRetries?: number;
}

/**
 * The longest wait a retry makes. The SDK would wait out any Retry-After up to a minute per retry, with the
 * administrator's request held open meanwhile until its connection was cut and the browser sent the sync again.
 */
export const MAX_RETRY_WAIT_MS = 5000;

export interface SquareGateway {
  /** Where requests go (never the token), for status lines. */
  readonly endpoint: string;
  /**
   * Loads the SDK and makes the client: what the first call of a process pays, once (about a second on a slow
   * machine), before Square is asked anything.
   */
  ready(): Promise<void>;
  listLocations(): Promise<SquareLocationRecord[]>;
  listVariations(): Promise<SquareVariationRecord[]>;
  /**
   * IN_STOCK quantity per variation id at one Square location, every page of it; only the given variations
   * when a list is passed (Parstock asks for the ones it maps).
   */
  onHand(squareLocationId: string, variationIds?: readonly string[]): Promise<Map<string, number>>;
}

// Square's batch endpoints take at most 1,000 ids per request.
const MAX_IDS_PER_REQUEST = 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

type SquareSdk = typeof import('square');
let sdk: Promise<SquareSdk> | undefined;
const loadSdk = (): Promise<SquareSdk> => {
  sdk ??= import('square');
  return sdk;
};

/** The SDK's own `SquareEnvironment` values, so naming the endpoint needs no SDK (a test compares them). */
export const SQUARE_ENVIRONMENT_URLS = {
  sandbox: 'https://connect.squareupsandbox.com',
  production: 'https://connect.squareup.com',
} as const;

function causeOf(error: { cause?: unknown }): string | null {
  const { cause } = error;
  if (cause instanceof Error && cause.message) return cause.message;
  return typeof cause === 'string' && cause ? cause : null;
}

function failureOf(error: unknown, { SquareError, SquareTimeoutError }: SquareSdk): SquareFailure {
  if (error instanceof SquareFailure) return error;
  if (error instanceof SquareTimeoutError) return new SquareFailure('timeout', error.message);
  // Under Bun, fetch rejects with the abort reason itself (the SDK's string 'timeout'), not an AbortError,
  // so the SDK reports its own timeout as an unknown SquareError carrying that reason as its cause.
  if (error instanceof SquareError && error.statusCode === undefined && error.cause === 'timeout') {
    return new SquareFailure('timeout', 'Square did not answer within the time allowed.');
  }
  if (error instanceof SquareError) {
    const details = error.errors.map((e) => [e.code, e.detail].filter(Boolean).join(': ')).join('; ');
    const message = details || error.message;
    const status = error.statusCode ?? null;
    if (status === 401 || status === 403) return new SquareFailure('unauthorized', message, status);
    if (status === 429) return new SquareFailure('rate_limited', message, status);
    if (status !== null && status >= 500) return new SquareFailure('server_error', message, status);
    // No answer at all: the SDK's message is its placeholder "Unknown", and the cause says what went wrong.
    if (status === null) return new SquareFailure('unreachable', causeOf(error) ?? 'no answer came back');
    return new SquareFailure('refused', message, status);
  }
  return new SquareFailure('unreachable', error instanceof Error ? error.message : String(error));
}

/** The wait Square asked for with Retry-After (seconds or a date), in ms; null when it asked for none. */
function retryAfterMs(error: unknown, { SquareError }: SquareSdk): number | null {
  if (!(error instanceof SquareError)) return null;
  const header = error.rawResponse?.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

async function guarded<T>(
  client: () => Promise<SquareClient>,
  call: (client: SquareClient) => Promise<T>,
  maxRetries: number,
): Promise<T> {
  const squareSdk = await loadSdk();
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(await client());
    } catch (error) {
      const failure = failureOf(error, squareSdk);
      const retryable = failure.kind === 'rate_limited' || failure.kind === 'server_error';
      if (!retryable || attempt >= maxRetries) throw failure;
      const asked = retryAfterMs(error, squareSdk);
      if (asked !== null && asked > MAX_RETRY_WAIT_MS) {
        throw new SquareFailure(
          failure.kind,
          `${failure.squareMessage}; Square asked to wait ${Math.ceil(asked / 1000)} s before trying again`,
          failure.status,
        );
      }
      await Bun.sleep(asked ?? 1000 * 2 ** attempt);
    }
  }
}

export function createSquareGateway(options: SquareGatewayOptions): SquareGateway {
  const environmentUrl = SQUARE_ENVIRONMENT_URLS[options.environment];
  const endpoint = options.baseUrl ?? environmentUrl;
  let made: SquareClient | undefined;
  const client = async (): Promise<SquareClient> => {
    if (made) return made;
    const { SquareClient } = await loadSdk();
    made ??= new SquareClient({
      token: options.token.reveal(),
      environment: environmentUrl,
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      timeoutInSeconds: (options.timeoutMs ?? 8000) / 1000,
      // Parstock retries itself (guarded), so a long Retry-After is never waited out.
      maxRetries: 0,
      // The SDK's own logger could print request headers; Parstock logs what it needs itself.
      logging: { silent: true },
    });
    return made;
  };

  // A page that fails starts its call again from the first page: reads, so repeating them changes nothing.
  const retries = options.maxRetries ?? 2;
  return {
    endpoint,
    ready: async () => {
      await client();
    },
    listLocations: () =>
      guarded(
        client,
        async (square) => {
          const response = await square.locations.list();
          return (response.locations ?? []).map((location) => ({
            id: location.id ?? '',
            name: location.name ?? location.id ?? '',
            status: location.status ?? null,
          }));
        },
        retries,
      ),
    listVariations: () =>
      guarded(
        client,
        async (square) => {
          const variations: SquareVariationRecord[] = [];
          const pages = await square.catalog.list({ types: 'ITEM' });
          for await (const object of pages) {
            if (object.type !== 'ITEM' || object.isDeleted) continue;
            for (const variation of object.itemData?.variations ?? []) {
              if (variation.type !== 'ITEM_VARIATION' || variation.isDeleted || !variation.id) continue;
              variations.push({
                id: variation.id,
                itemName: object.itemData?.name ?? '',
                variationName: variation.itemVariationData?.name ?? '',
                sku: variation.itemVariationData?.sku || null,
              });
            }
          }
          return variations;
        },
        retries,
      ),
    onHand: (squareLocationId, variationIds) =>
      guarded(
        client,
        async (square) => {
          const quantities = new Map<string, number>();
          const batches = variationIds ? chunks(variationIds, MAX_IDS_PER_REQUEST) : [undefined];
          for (const catalogObjectIds of batches) {
            const pages = await square.inventory.batchGetCounts({
              locationIds: [squareLocationId],
              ...(catalogObjectIds ? { catalogObjectIds: [...catalogObjectIds] } : {}),
              states: ['IN_STOCK'],
            });
            for await (const count of pages) {
              if (!count.catalogObjectId || count.quantity == null) continue;
              const quantity = Number(count.quantity);
              if (Number.isFinite(quantity)) quantities.set(count.catalogObjectId, quantity);
            }
          }
          return quantities;
        },
        retries,
      ),
  };
}
