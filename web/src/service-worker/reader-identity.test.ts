import { describe, expect, test } from 'bun:test';
import { createFakeCacheStorage } from '@web-test/fake-cache-storage.ts';
import { CAFE_CACHE, PERSON_CACHE } from './offline-reads.ts';
import { readerIdentity, userIdOf } from './reader-identity.ts';

async function keep(caches: CacheStorage, name: string, url: string): Promise<void> {
  await (await caches.open(name)).put(url, new Response('kept'));
}

describe('whose answers the worker keeps', () => {
  test('another person signing in drops the answers of the one before', async () => {
    const caches = createFakeCacheStorage();
    const identity = readerIdentity(caches);
    await identity.learn(7);
    await keep(caches, PERSON_CACHE, 'http://x/__parstock/reads/7/api/products');
    await keep(caches, CAFE_CACHE, 'http://x/__parstock/reads/7/api/inventory?locationId=1');

    await identity.learn(7);
    expect(caches.entries(PERSON_CACHE)).toHaveLength(1);

    await identity.learn(8);
    expect(await identity.current()).toBe(8);
    expect(caches.entries(PERSON_CACHE)).toEqual([]);
    expect(caches.entries(CAFE_CACHE)).toEqual([]);
  });

  test('forgetting (a 401, a sign-out) drops every answer and the reader', async () => {
    const caches = createFakeCacheStorage();
    const identity = readerIdentity(caches);
    await identity.learn(7);
    await keep(caches, PERSON_CACHE, 'http://x/__parstock/reads/7/api/products');
    await identity.forget();
    expect(await identity.current()).toBeNull();
    expect(caches.entries(PERSON_CACHE)).toEqual([]);
  });

  test('answers arriving together cannot interleave two changes of reader', async () => {
    const caches = createFakeCacheStorage();
    const identity = readerIdentity(caches);
    await identity.learn(7);
    await Promise.all([identity.learn(8), identity.learn(8), identity.forget(), identity.learn(9)]);
    expect(await identity.current()).toBe(9);
  });

  test("the reader's id is read from the session's answer, and nothing else", async () => {
    expect(await userIdOf(new Response('{"id":12,"email":"a@b.c"}'))).toBe(12);
    expect(await userIdOf(new Response('null'))).toBeNull();
    expect(await userIdOf(new Response('not json'))).toBeNull();
    expect(await userIdOf(new Response('{"id":"12"}'))).toBeNull();
  });
});
