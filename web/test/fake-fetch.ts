export interface RecordedCall {
  url: string;
  init: RequestInit;
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** A JSON answer as the BFF would send it. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

/**
 * Replaces `fetch` for one test: the web client is the code under test here, so the network is the
 * boundary. The preload (happydom.ts) puts the original back after each test.
 */
export function installFakeFetch(handler: FetchHandler): { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init: init ?? {} });
    return handler(url, init ?? {});
  }) as typeof fetch;
  return { calls };
}

/**
 * An answer that never comes, as on a café's Wi-Fi with no internet behind it: the request stays open until it is
 * aborted, and then rejects with the abort's reason, as the browser's fetch does.
 */
export function neverAnswered(init: RequestInit): Promise<Response> {
  return new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });
}

/** Replaces `fetch` for one test with one that never answers (see `neverAnswered`). */
export function installUnansweredFetch(): { calls: RecordedCall[] } {
  return installFakeFetch((_url, init) => neverAnswered(init));
}
