/**
 * Cache Storage in memory, for the service worker's own logic (neither Bun nor happy-dom has `caches`).
 * Matching is by URL only, which is all the worker's keys need.
 */
export function createFakeCacheStorage(): CacheStorage & {
  names(): string[];
  entries(name: string): string[];
} {
  const stores = new Map<string, Map<string, Response>>();
  const urlOf = (request: RequestInfo | URL) =>
    typeof request === 'string'
      ? new URL(request, 'http://localhost').href
      : request instanceof URL
        ? request.href
        : request.url;
  const open = async (name: string): Promise<Cache> => {
    let store = stores.get(name);
    if (!store) {
      store = new Map();
      stores.set(name, store);
    }
    const entries = store;
    return {
      match: async (request: RequestInfo | URL) => entries.get(urlOf(request))?.clone(),
      // As in the browser, a put replaces an entry by removing it and adding the new one last.
      put: async (request: RequestInfo | URL, response: Response) => {
        entries.delete(urlOf(request));
        entries.set(urlOf(request), response);
      },
      delete: async (request: RequestInfo | URL) => entries.delete(urlOf(request)),
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
    } as unknown as Cache;
  };
  return {
    open,
    has: async (name: string) => stores.has(name),
    delete: async (name: string) => stores.delete(name),
    keys: async () => [...stores.keys()],
    match: async (request: RequestInfo | URL) => {
      for (const store of stores.values()) {
        const found = store.get(urlOf(request));
        if (found) return found.clone();
      }
      return undefined;
    },
    names: () => [...stores.keys()],
    entries: (name: string) => [...(stores.get(name)?.keys() ?? [])],
  };
}
