import { CAFE_CACHE, PERSON_CACHE, READER_CACHE, READER_KEY } from './offline-reads.ts';

/**
 * Who the cached answers belong to. It lives in Cache Storage, not in the worker's memory: the browser stops
 * an idle worker at any time, and the page clears the same entry when someone signs out with no network.
 */
export interface ReaderIdentity {
  current(): Promise<number | null>;
  /** The server named this person: answers of anybody else are dropped first. */
  learn(userId: number): Promise<void>;
  /** Nobody is signed in (a 401, a sign-out): every kept answer goes. */
  forget(): Promise<void>;
}

async function dropAnswers(caches: CacheStorage): Promise<void> {
  await Promise.all([caches.delete(PERSON_CACHE), caches.delete(CAFE_CACHE)]);
}

export function readerIdentity(caches: CacheStorage): ReaderIdentity {
  const current = async (): Promise<number | null> => {
    const stored = await (await caches.open(READER_CACHE)).match(READER_KEY);
    if (!stored) return null;
    const id = Number(await stored.text());
    return Number.isInteger(id) && id > 0 ? id : null;
  };
  // Several answers arrive at once; changes of reader happen one after another, never interleaved.
  let changes: Promise<void> = Promise.resolve();
  const inTurn = (change: () => Promise<void>): Promise<void> => {
    changes = changes.then(change, change);
    return changes;
  };
  return {
    current,
    learn: (userId) =>
      inTurn(async () => {
        const previous = await current();
        if (previous === userId) return;
        // With nobody known the caches were emptied when that became so (forget, the page's sign-out);
        // answers stored since are under this reader's own key.
        if (previous !== null) await dropAnswers(caches);
        await (await caches.open(READER_CACHE)).put(READER_KEY, new Response(String(userId)));
      }),
    forget: () =>
      inTurn(async () => {
        await caches.delete(READER_CACHE);
        await dropAnswers(caches);
      }),
  };
}

/** The id a signed-in user's answer names (`/api/auth/user`, sign-in), or null when the body names nobody. */
export function userIdIn(body: string): number | null {
  try {
    const id = (JSON.parse(body) as { id?: unknown } | null)?.id;
    return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** `userIdIn` of an answer, read from a copy so the answer itself is left to its reader. */
export async function userIdOf(response: Response): Promise<number | null> {
  return userIdIn(await response.clone().text());
}
