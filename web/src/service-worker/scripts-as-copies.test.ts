import { describe, expect, test } from 'bun:test';
import { scriptsAsCopies } from './scripts-as-copies.ts';

const use = (cachedResponse: Response | undefined, url: string) =>
  scriptsAsCopies.cachedResponseWillBeUsed?.({
    cacheName: 'precache',
    cachedResponse,
    request: new Request(url),
    event: new Event('fetch') as ExtendableEvent,
    state: {},
  } as Parameters<NonNullable<typeof scriptsAsCopies.cachedResponseWillBeUsed>>[0]);

describe('precached scripts handed over as copies', () => {
  test('a script is a new answer with the stored bytes, status and headers', async () => {
    const stored = new Response('export const a = 1;', {
      status: 200,
      statusText: 'OK',
      headers: {
        'content-type': 'text/javascript;charset=utf-8',
        'cache-control': 'public, max-age=31536000',
      },
    });
    const given = await use(stored, 'https://cafe.example/chunk-abc123.js');
    expect(given).toBeInstanceOf(Response);
    expect(given).not.toBe(stored);
    expect(given?.status).toBe(200);
    expect(given?.statusText).toBe('OK');
    expect(given?.headers.get('content-type')).toBe('text/javascript;charset=utf-8');
    expect(given?.headers.get('cache-control')).toBe('public, max-age=31536000');
    expect(await given?.text()).toBe('export const a = 1;');
  });

  test('anything else, and nothing stored, is passed on as it is', async () => {
    for (const url of [
      'https://cafe.example/index.html',
      'https://cafe.example/chunk-abc.css',
      'https://cafe.example/a.js.map',
    ]) {
      const stored = new Response('x');
      expect(await use(stored, url)).toBe(stored);
    }
    expect(await use(undefined, 'https://cafe.example/chunk-abc123.js')).toBeUndefined();
  });
});
