import { SquareClient, SquareEnvironment, SquareError, SquareTimeoutError } from 'square';
import { SquareFailure } from './square-failure.ts';
import type { SecretValue, SquareEnvironmentName } from './square-settings.ts';

/**
 * The one place Parstock calls Square, through Square's official SDK (decision 024). Every other file sees
 * plain records and `SquareFailure`; none imports the SDK (test/architecture.test.ts refuses it).
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
  /** Retries of 429 and 5xx answers (the SDK waits as Retry-After asks, or backs off). */
  maxRetries?: number;
}

export interface SquareGateway {
  /** Where requests go (never the token), for status lines. */
  readonly endpoint: string;
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

function failureOf(error: unknown): SquareFailure {
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
    if (status === null) return new SquareFailure('unreachable', message);
    return new SquareFailure('refused', message, status);
  }
  return new SquareFailure('unreachable', error instanceof Error ? error.message : String(error));
}

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw failureOf(error);
  }
}

export function createSquareGateway(options: SquareGatewayOptions): SquareGateway {
  const environmentUrl =
    options.environment === 'sandbox' ? SquareEnvironment.Sandbox : SquareEnvironment.Production;
  const endpoint = options.baseUrl ?? environmentUrl;
  const client = new SquareClient({
    token: options.token.reveal(),
    environment: environmentUrl,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    timeoutInSeconds: (options.timeoutMs ?? 8000) / 1000,
    maxRetries: options.maxRetries ?? 2,
    // The SDK's own logger could print request headers; Parstock logs what it needs itself.
    logging: { silent: true },
  });

  return {
    endpoint,
    listLocations: () =>
      guarded(async () => {
        const response = await client.locations.list();
        return (response.locations ?? []).map((location) => ({
          id: location.id ?? '',
          name: location.name ?? location.id ?? '',
          status: location.status ?? null,
        }));
      }),
    listVariations: () =>
      guarded(async () => {
        const variations: SquareVariationRecord[] = [];
        const pages = await client.catalog.list({ types: 'ITEM' });
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
      }),
    onHand: (squareLocationId, variationIds) =>
      guarded(async () => {
        const quantities = new Map<string, number>();
        const batches = variationIds ? chunks(variationIds, MAX_IDS_PER_REQUEST) : [undefined];
        for (const catalogObjectIds of batches) {
          const pages = await client.inventory.batchGetCounts({
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
      }),
  };
}
