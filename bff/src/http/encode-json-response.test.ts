import { describe, expect, test } from 'bun:test';
import { brotliDecompressSync } from 'node:zlib';
import { DYNAMIC_COMPRESS_MIN_BYTES } from './compression.ts';
import { EncodedJson, encodeJsonResponse } from './encode-json-response.ts';

const request = (headers: Record<string, string> = {}) =>
  new Request('http://parstock.test/api/inventory?locationId=1&shape=compact', { headers });

describe('encodeJsonResponse with an answer already written as JSON (EncodedJson)', () => {
  const text = JSON.stringify({
    items: Array.from({ length: 400 }, (_, i) => ({ productId: i, productName: `P ${i}` })),
  });

  test('its text is the body, compressed above the threshold, as a JSON answer', async () => {
    expect(text.length).toBeGreaterThan(DYNAMIC_COMPRESS_MIN_BYTES);
    const response = await encodeJsonResponse({
      request: request({ 'accept-encoding': 'br' }),
      set: { headers: { 'cache-control': 'no-store' } },
      responseValue: new EncodedJson(text),
    });
    expect(response?.status).toBe(200);
    expect(response?.headers.get('content-type')).toBe('application/json;charset=utf-8');
    expect(response?.headers.get('content-encoding')).toBe('br');
    expect(response?.headers.get('cache-control')).toBe('no-store');
    const body = brotliDecompressSync(Buffer.from(await (response as Response).arrayBuffer())).toString();
    expect(body).toBe(text);
  });

  test('sent as it is to a client that accepts no encoding, with the status set', async () => {
    const response = await encodeJsonResponse({
      request: request(),
      set: { status: 201, headers: {} },
      responseValue: new EncodedJson('{"a":1}'),
    });
    expect(response?.status).toBe(201);
    expect(response?.headers.get('content-encoding')).toBeNull();
    expect(await response?.text()).toBe('{"a":1}');
  });

  test('anything that is not JSON (text, a Response) is still left to Elysia', async () => {
    const context = { request: request(), set: { headers: {} } };
    expect(await encodeJsonResponse({ ...context, responseValue: 'plain text' })).toBeUndefined();
    expect(await encodeJsonResponse({ ...context, responseValue: new Response('x') })).toBeUndefined();
  });
});
