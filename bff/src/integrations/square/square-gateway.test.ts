import { afterAll, afterEach, describe, expect, test } from 'bun:test';
import { DEMO_PRODUCTS } from '@db/seed/demo-products.ts';
import { FakeSquareServer } from './fake/fake-square-server.ts';
import { SquareFailure } from './square-failure.ts';
import { createSquareGateway, SQUARE_ENVIRONMENT_URLS, type SquareGatewayOptions } from './square-gateway.ts';
import { SecretValue } from './square-settings.ts';

const TOKEN = 'EAAA-test-token-for-the-local-square';
const square = new FakeSquareServer({ token: TOKEN });
afterAll(() => square.stop());
afterEach(() => {
  square.resetFaults();
  square.requests.length = 0;
});

function gateway(options: Partial<Omit<SquareGatewayOptions, 'token'>> & { token?: string } = {}) {
  return createSquareGateway({
    environment: 'sandbox',
    baseUrl: square.url,
    maxRetries: 0,
    ...options,
    token: new SecretValue(options.token ?? TOKEN),
  });
}

async function failureOf(promise: Promise<unknown>): Promise<SquareFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SquareFailure) return error;
    throw error;
  }
  throw new Error('expected Square to fail');
}

describe('the SDK against the local Square server', () => {
  test('lists the six demo cafés as Square locations', async () => {
    const locations = await gateway().listLocations();
    expect(locations.map((l) => l.name)).toContain('Harbor Street Café');
    expect(locations).toHaveLength(6);
    expect(locations.every((l) => l.status === 'ACTIVE')).toBe(true);
  });

  test('lists every item variation with its SKU, following the cursor past the first page', async () => {
    const variations = await gateway().listVariations();
    expect(variations).toHaveLength(DEMO_PRODUCTS.length + 3);
    const milk = variations.find((v) => v.itemName === 'Whole Milk');
    expect(milk?.sku).toBe(DEMO_PRODUCTS.find((p) => p.name === 'Whole Milk')?.sku ?? 'missing');
    expect(square.requestCount('/v2/catalog/list')).toBe(Math.ceil((DEMO_PRODUCTS.length + 3) / 100));
    expect(square.requestCount('/v2/catalog/list')).toBeGreaterThan(1);
  });

  test("reads a location's on-hand figures through every page of batch-retrieve", async () => {
    const [location] = await gateway().listLocations();
    square.requests.length = 0;
    const onHand = await gateway().onHand(location?.id ?? '');
    expect(onHand.size).toBe(DEMO_PRODUCTS.length);
    expect(square.requestCount('/v2/inventory/counts/batch-retrieve')).toBe(
      Math.ceil(DEMO_PRODUCTS.length / 100),
    );
    expect([...onHand.values()].every((q) => Number.isFinite(q) && q >= 0)).toBe(true);
  });

  test('a wrong token is a clear refusal that never repeats the token', async () => {
    const failure = await failureOf(gateway({ token: 'not-the-token' }).listLocations());
    expect(failure.kind).toBe('unauthorized');
    expect(failure.status).toBe(401);
    expect(failure.squareMessage).toContain('UNAUTHORIZED');
    expect(failure.plainMessage).toContain("Square refused Parstock's access token");
    expect(failure.message).not.toContain('not-the-token');
  });

  test('429: the retry waits as Retry-After asks, then gets the answer', async () => {
    square.faults.rateLimits = 1;
    square.faults.retryAfterSeconds = 1;
    const locations = await gateway({ maxRetries: 2 }).listLocations();
    expect(locations).toHaveLength(6);
    const [limited, answered] = square.requests;
    expect(limited?.status).toBe(429);
    expect(answered?.status).toBe(200);
    expect((answered?.receivedAt ?? 0) - (limited?.receivedAt ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  test('429 asking for a long wait is not waited out: it is reported at once, with the wait Square asked for', async () => {
    square.faults.rateLimits = 1;
    square.faults.retryAfterSeconds = 30;
    const started = Date.now();
    const failure = await failureOf(gateway({ maxRetries: 2 }).listLocations());
    expect(Date.now() - started).toBeLessThan(5000);
    expect(failure.kind).toBe('rate_limited');
    expect(failure.squareMessage).toContain('Square asked to wait 30 s before trying again');
    expect(square.requests.map((r) => r.status)).toEqual([429]);
  });

  test('429 beyond the retries is reported as rate limiting', async () => {
    square.faults.rateLimits = 5;
    const failure = await failureOf(gateway().listLocations());
    expect(failure.kind).toBe('rate_limited');
    expect(failure.squareMessage).toContain('RATE_LIMITED');
  });

  test('a 5xx is retried, and reported as Square having trouble when it persists', async () => {
    square.faults.failures = 1;
    square.faults.failStatus = 500;
    expect(await gateway({ maxRetries: 1 }).listLocations()).toHaveLength(6);
    expect(square.requests.map((r) => r.status)).toEqual([500, 200]);

    square.faults.failures = 5;
    square.faults.failStatus = 503;
    const failure = await failureOf(gateway().listLocations());
    expect(failure.kind).toBe('server_error');
    expect(failure.status).toBe(503);
  });

  test('a Square that never answers is a timeout', async () => {
    square.faults.hang = true;
    const failure = await failureOf(gateway({ timeoutMs: 200 }).onHand('anything'));
    expect(failure.kind).toBe('timeout');
  });

  test('nothing listening is "cannot reach Square"', async () => {
    const closed = new FakeSquareServer({ token: TOKEN });
    const url = closed.url;
    await closed.stop();
    const failure = await failureOf(gateway({ baseUrl: url }).listLocations());
    expect(failure.kind).toBe('unreachable');
  });

  test('the local server refuses a page size beyond Square’s limit, as Square does', async () => {
    const response = await fetch(`${square.url}/v2/inventory/counts/batch-retrieve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 1001 }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        {
          category: 'INVALID_REQUEST_ERROR',
          code: 'VALUE_TOO_HIGH',
          detail: '`limit` must be at most 1000.',
          field: 'limit',
        },
      ],
    });
  });
});

test('on-hand figures of chosen variations only', async () => {
  const [location] = await gateway().listLocations();
  const wanted = square.catalog.items.slice(0, 3).map((item) => item.variations[0]?.id ?? '');
  const onHand = await gateway().onHand(location?.id ?? '', wanted);
  expect([...onHand.keys()].sort()).toEqual([...wanted].sort());
});

describe('the SDK is loaded on the first call, not with the server (decision 044)', () => {
  test('opening a demo connection loads none of it; the first call does', async () => {
    // A process of its own: this file's other tests have loaded the SDK here already.
    const script = `
      const { openSquareConnection } = await import(${JSON.stringify(`${import.meta.dir}/square-connection.ts`)});
      const loaded = () => Object.keys(require.cache).some((path) => path.includes('/node_modules/square/'));
      const connection = openSquareConnection({ mode: 'demo' });
      const before = loaded();
      await connection.admin.listLocations();
      console.log(JSON.stringify({ before, after: loaded() }));
      await connection.stop();`;
    const child = Bun.spawn([process.execPath, '--eval', script], { cwd: import.meta.dir, stderr: 'pipe' });
    const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({ before: false, after: true });
  });

  test("the endpoints named before it loads are the SDK's own", async () => {
    const { SquareEnvironment } = await import('square');
    expect(SQUARE_ENVIRONMENT_URLS).toEqual({
      sandbox: SquareEnvironment.Sandbox,
      production: SquareEnvironment.Production,
    });
  });
});
