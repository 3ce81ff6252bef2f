import type { Logger } from '@bff/app-deps.ts';
import { SingleFlightCache } from '@bff/integrations/square/single-flight-cache.ts';
import type { SquareConnection } from '@bff/integrations/square/square-connection.ts';
import { SquareFailure } from '@bff/integrations/square/square-failure.ts';
import { timedLocations } from '@bff/integrations/square/timed-locations.ts';
import type { Db } from '@db/client.ts';
import {
  findLastSquareSync,
  listSquareDailyProducts,
  readSquareMappings,
  readVarianceThreshold,
} from '@db/repositories/square-mappings.ts';
import { recordSquareRead } from '@db/use-cases/record-square-read.ts';
import { recordSquareSync } from '@db/use-cases/sync-square-catalog.ts';
import type { Actor } from '@engine/actor.ts';
import type {
  SquareOnHandResponse,
  SquareOverview,
  SquareSync,
  SquareTestResult,
} from '@engine/square-schemas.ts';

type OnHandRead = Omit<SquareOnHandResponse, 'connection' | 'varianceThreshold'>;

export interface SquareServiceOptions {
  /** How long Square's figures for a café are reused; 20 devices opening the screen make one call. */
  ttlMs?: number;
  /** How long a failure is reused before Square is asked again. */
  failureTtlMs?: number;
  now?: () => Date;
}

const asFailure = (error: unknown) =>
  error instanceof SquareFailure ? error : new SquareFailure('unreachable', String(error));

/** Square for the routes: on-hand figures through the cache, test, sync, and the admin overview. */
export class SquareService {
  readonly #onHand: SingleFlightCache<number, OnHandRead>;
  readonly #now: () => Date;

  constructor(
    private readonly db: Db,
    readonly connection: SquareConnection,
    private readonly logger: Logger,
    options: SquareServiceOptions = {},
  ) {
    this.#now = options.now ?? (() => new Date());
    this.#onHand = new SingleFlightCache((locationId) => this.#readOnHand(locationId), {
      ttlMs: options.ttlMs ?? 30_000,
      failureTtlMs: options.failureTtlMs ?? 5_000,
      isFailure: (read) => read.status === 'unavailable',
      now: () => this.#now().getTime(),
    });
  }

  get connectionView() {
    return { mode: this.connection.mode, label: this.connection.label };
  }

  async onHand(locationId: number): Promise<SquareOnHandResponse> {
    const [read, varianceThreshold] = await Promise.all([
      this.#onHand.get(locationId),
      readVarianceThreshold(this.db),
    ]);
    return { ...read, connection: this.connectionView, varianceThreshold };
  }

  /** A mapping changed: the next read asks Square again. */
  forgetFigures(): void {
    this.#onHand.clear();
  }

  async overview(): Promise<SquareOverview> {
    return { connection: this.connectionView, ...(await readSquareMappings(this.db)) };
  }

  async test(): Promise<SquareTestResult> {
    const gateway = this.connection.admin;
    if (!gateway) {
      return {
        ok: false,
        mode: this.connection.mode,
        latencyMs: null,
        locations: null,
        message: 'Square is not connected: set SQUARE_ACCESS_TOKEN (and SQUARE_ENVIRONMENT) and restart.',
      };
    }
    try {
      const { locations, latencyMs } = await timedLocations(gateway);
      return {
        ok: true,
        mode: this.connection.mode,
        latencyMs,
        locations: locations.length,
        message: `${this.connection.label} answered in ${latencyMs} ms with ${locations.length} location${locations.length === 1 ? '' : 's'}.`,
      };
    } catch (error) {
      const failure = asFailure(error);
      return {
        ok: false,
        mode: this.connection.mode,
        latencyMs: null,
        locations: null,
        message: failure.explained,
      };
    }
  }

  /**
   * The demo simulator is synced once on its first start, so a newcomer's Nightly Counts show figures at
   * once; a real account is synced when an administrator says so.
   */
  async syncDemoOnFirstStart(): Promise<void> {
    if (this.connection.mode !== 'simulator' || (await findLastSquareSync(this.db)) !== null) return;
    const result = await this.sync(null);
    this.logger.info(
      `Square demo simulator synced: ${result.locationsMapped} locations and ${result.productsMapped} products matched.`,
    );
  }

  /** `actor` null: the server itself (the demo's first start). */
  async sync(actor: Actor | null): Promise<SquareSync> {
    const gateway = this.connection.admin;
    if (!gateway) {
      await recordSquareSync(this.db, actor, { ok: false, message: 'Square is not connected.' });
    } else {
      try {
        const [locations, variations] = await Promise.all([
          gateway.listLocations(),
          gateway.listVariations(),
        ]);
        await recordSquareSync(this.db, actor, { ok: true, listing: { locations, variations } });
      } catch (error) {
        if (!(error instanceof SquareFailure)) throw error;
        this.logger.error(`Square sync failed: ${error.kind} (${error.squareMessage})`);
        await recordSquareSync(this.db, actor, {
          ok: false,
          message: error.explained,
        });
      }
    }
    this.forgetFigures();
    const last = await findLastSquareSync(this.db);
    if (!last) throw new Error('A sync was recorded but cannot be read back.');
    return last;
  }

  /** Whether Square answers and how fast, for API health; never throws. */
  async reachability(): Promise<{
    reachable: boolean | null;
    latencyMs: number | null;
    message: string | null;
  }> {
    const gateway = this.connection.screen;
    if (!gateway) return { reachable: null, latencyMs: null, message: null };
    try {
      const { latencyMs } = await timedLocations(gateway);
      return { reachable: true, latencyMs, message: null };
    } catch (error) {
      const failure = asFailure(error);
      return {
        reachable: false,
        latencyMs: null,
        message: failure.explained,
      };
    }
  }

  async #readOnHand(locationId: number): Promise<OnHandRead> {
    const { squareLocationId, products } = await listSquareDailyProducts(this.db, locationId);
    const unread = (status: OnHandRead['status'], failure?: SquareFailure): OnHandRead => ({
      status,
      reason: failure?.kind ?? null,
      message: failure?.plainMessage ?? null,
      fetchedAt: null,
      figures: products.map((p) => ({
        productId: p.productId,
        mapped: p.squareVariationId !== null,
        squareQuantity: null,
      })),
    });
    const gateway = this.connection.screen;
    if (!gateway) return unread('not_configured');
    if (!squareLocationId) return unread('location_not_mapped');
    const at = this.#now();
    let quantities: Map<string, number>;
    try {
      const mapped = products.flatMap((p) => (p.squareVariationId ? [p.squareVariationId] : []));
      quantities = mapped.length === 0 ? new Map() : await gateway.onHand(squareLocationId, mapped);
    } catch (error) {
      const failure = asFailure(error);
      this.logger.error(
        `Square on-hand figures for location ${locationId} failed: ${failure.kind} (${failure.squareMessage})`,
      );
      await recordSquareRead(this.db, locationId, { ok: false, at, failure: failure.plainMessage });
      return unread('unavailable', failure);
    }
    const figures = products.map((p) => ({
      productId: p.productId,
      mapped: p.squareVariationId !== null,
      // Square lists no count for a variation it has never tracked at this location: that is 0 on hand.
      squareQuantity: p.squareVariationId === null ? null : (quantities.get(p.squareVariationId) ?? 0),
    }));
    await recordSquareRead(this.db, locationId, {
      ok: true,
      at,
      figures: figures.flatMap((f) =>
        f.squareQuantity === null ? [] : [{ productId: f.productId, quantity: f.squareQuantity }],
      ),
    });
    return { status: 'ok', reason: null, message: null, fetchedAt: at.toISOString(), figures };
  }
}
