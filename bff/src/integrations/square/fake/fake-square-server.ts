import { demoSquareCatalog, type FakeSquareCatalog } from './demo-square-catalog.ts';
import { answerSquareApi } from './fake-square-api.ts';
import { type FakeSquareFaults, NO_FAULTS } from './fake-square-faults.ts';
import { rateLimited, serverError, unauthorized } from './square-error-body.ts';

export interface FakeSquareRequest {
  method: string;
  path: string;
  /** When the request arrived (ms since the epoch): tests read the gap a Retry-After asked for. */
  receivedAt: number;
  status: number;
}

export interface FakeSquareServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  hostname?: string;
  /** The bearer token the server accepts. */
  token: string;
  catalog?: FakeSquareCatalog;
}

/**
 * A local Square server on a real port, for the demo simulator, the tests and the benchmark: the SDK talks
 * to it exactly as to Square. Faults are switched on and off through `faults`; every request is logged.
 */
export class FakeSquareServer {
  readonly faults: FakeSquareFaults = { ...NO_FAULTS };
  readonly requests: FakeSquareRequest[] = [];
  readonly catalog: FakeSquareCatalog;
  readonly #token: string;
  readonly #server: ReturnType<typeof Bun.serve>;
  readonly #hanging = new Set<() => void>();

  constructor(options: FakeSquareServerOptions) {
    this.#token = options.token;
    this.catalog = options.catalog ?? demoSquareCatalog();
    this.#server = Bun.serve({
      port: options.port ?? 0,
      hostname: options.hostname ?? '127.0.0.1',
      // A hanging request must outlive Bun's default idle timeout so the caller's own timeout is what ends it.
      idleTimeout: 0,
      fetch: (request) => this.#answer(request),
    });
  }

  get url(): string {
    return `http://${this.#server.hostname}:${this.#server.port}`;
  }

  /** Back to a well-behaved Square. */
  resetFaults(): void {
    Object.assign(this.faults, NO_FAULTS);
  }

  /** Requests to the given path so far (all paths without one). */
  requestCount(path?: string): number {
    return path ? this.requests.filter((r) => r.path === path).length : this.requests.length;
  }

  async stop(): Promise<void> {
    for (const release of this.#hanging) release();
    this.#hanging.clear();
    await this.#server.stop(true);
  }

  async #answer(request: Request): Promise<Response> {
    const entry: FakeSquareRequest = {
      method: request.method,
      path: new URL(request.url).pathname,
      receivedAt: Date.now(),
      status: 0,
    };
    this.requests.push(entry);
    const response = await this.#respond(request);
    entry.status = response.status;
    return response;
  }

  async #respond(request: Request): Promise<Response> {
    if (this.faults.hang) {
      await new Promise<void>((resolve) => this.#hanging.add(resolve));
      return serverError(503);
    }
    if (this.faults.delayMs > 0) await Bun.sleep(this.faults.delayMs);
    if (request.headers.get('authorization') !== `Bearer ${this.#token}`) return unauthorized();
    if (this.faults.rateLimits > 0) {
      this.faults.rateLimits--;
      return rateLimited(this.faults.retryAfterSeconds);
    }
    if (this.faults.failures > 0) {
      this.faults.failures--;
      return serverError(this.faults.failStatus);
    }
    return answerSquareApi(request, this.catalog);
  }
}
