import { describe, expect, test } from 'bun:test';
import { sessionEndpoints } from '@engine/endpoints/session-endpoints.ts';
import { installFakeFetch } from '@web-test/fake-fetch.ts';
import { signedInManager } from '@web-test/fixtures.ts';
import { call } from './api-client.ts';

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
