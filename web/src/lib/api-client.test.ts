import { describe, expect, jest, test } from 'bun:test';
import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import { credentialEndpoints } from '@engine/endpoints/credential-endpoints.ts';
import { reportEndpoints } from '@engine/endpoints/report-endpoints.ts';
import { sessionEndpoints } from '@engine/endpoints/session-endpoints.ts';
import { installFakeFetch, installUnansweredFetch, json } from '@web-test/fake-fetch.ts';
import { signedInManager } from '@web-test/fixtures.ts';
import { flushPromises } from '@web-test/timers.ts';
import { call, onSessionEnded } from './api-client.ts';
import { NoAnswerError, READ_ANSWER_TIMEOUT_MS } from './api-request.ts';

/** A body that arrives in the given pieces of bytes, as a slow network delivers it. */
function arrivingInPieces(pieces: Uint8Array[]): Response {
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(piece);
        controller.close();
      },
    }),
    { headers: { 'Content-Type': 'application/json' } },
  );
}

describe('reading a JSON answer', () => {
  test('a character whose bytes arrive in two pieces is read whole', async () => {
    const person = { ...signedInManager, firstName: 'Zoë', lastName: 'Crème-Brûlée' };
    const bytes = new TextEncoder().encode(JSON.stringify(person));
    // Cut inside the two bytes of "ë".
    const cut = bytes.indexOf(0xc3) + 1;
    installFakeFetch(() => arrivingInPieces([bytes.slice(0, cut), bytes.slice(cut)]));
    expect(await call(sessionEndpoints.currentUser, {})).toEqual(person);
  });

  test("a byte order mark before the JSON is dropped, as the browser's own text reading drops it", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify(signedInManager));
    installFakeFetch(() => arrivingInPieces([new Uint8Array([0xef, 0xbb, 0xbf]), bytes]));
    expect(await call(sessionEndpoints.currentUser, {})).toEqual(signedInManager);
  });
});

describe('how long a read waits for its answer (decision 061)', () => {
  test('a screen’s read is given up after 30 s; a report, which may take long to work out, is not', async () => {
    jest.useFakeTimers();
    const { calls } = installUnansweredFetch();
    const session = call(sessionEndpoints.currentUser, {}, { retries: 0 }).catch((e: unknown) => e);
    const report = call(
      reportEndpoints.inventoryValueReport,
      { query: { from: '2026-01-01', to: '2026-11-27' } },
      { retries: 0 },
    );
    let reportSettled = false;
    void report.finally(() => {
      reportSettled = true;
    });
    await flushPromises();
    jest.advanceTimersByTime(READ_ANSWER_TIMEOUT_MS);
    expect(await session).toBeInstanceOf(NoAnswerError);
    jest.advanceTimersByTime(READ_ANSWER_TIMEOUT_MS * 10);
    await flushPromises();
    expect(reportSettled).toBe(false);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.url).toStartWith('/api/reports/inventory-value');
  });
});

describe('a call refused because the session ended', () => {
  const refused = (code: string) =>
    json({ code, message: 'Sign in first.' }, { status: 401, statusText: 'Unauthorized' });

  const item = { productId: 1, count: 2, confirmed: false, typedAt: '2026-12-06T10:00:00.000Z' };
  const save = () =>
    call(
      countingEndpoints.saveCountItems,
      { body: { locationId: 1, sessionId: null, items: [item] } },
      { retries: 0 },
    );

  async function endedSessionsSeen(answer: () => Response, send: () => Promise<unknown>): Promise<number> {
    let seen = 0;
    onSessionEnded(() => {
      seen += 1;
    });
    installFakeFetch(answer);
    await send().catch(() => undefined);
    return seen;
  }

  test('makes the app ask again who is signed in, from a save as from a read', async () => {
    expect(await endedSessionsSeen(() => refused('unauthorized'), save)).toBe(1);
    const read = () =>
      call(countingEndpoints.getActiveCountCompletion, { params: { locationId: 1 } }, { retries: 0 });
    expect(await endedSessionsSeen(() => refused('unauthorized'), read)).toBe(1);
  });

  test('not when another person signed in on the browser, nor for a refused sign-in or the session check itself', async () => {
    expect(await endedSessionsSeen(() => refused('another_person_signed_in'), save)).toBe(0);
    const signIn = () =>
      call(credentialEndpoints.signIn, { body: { email: 'a@b.test', password: 'wrong' } }, { retries: 0 });
    expect(await endedSessionsSeen(() => refused('unauthorized'), signIn)).toBe(0);
    const check = () => call(sessionEndpoints.currentUser, {}, { on401: 'returnNull', retries: 0 });
    expect(await endedSessionsSeen(() => refused('unauthorized'), check)).toBe(0);
  });
});
