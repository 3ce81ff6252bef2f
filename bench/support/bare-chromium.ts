import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM } from './bench-app.ts';

/**
 * Chromium driven through the DevTools protocol alone, with no domain enabled on a page but the ones a start
 * needs: Page (to run a script before the app's and to know when a document has committed), Emulation (the CPU
 * slowed down) and Runtime's evaluate. Playwright enables Network and Runtime on every page it drives, and the
 * browser then records each request with the script stack that made it: a `fetch()` costs the page several
 * times what it costs a person's browser (measured in a bare page: 20 calls 0.4–0.7 ms in a browser nobody
 * drives, 0.7–3.2 ms under Playwright, 3.1–5.4 ms with a second Network session).
 */
export interface BareChromium {
  /** A new tab (a renderer of its own) of the one profile, with `initScript` run before each document's scripts. */
  openTab(initScript: string, cpuThrottle: number): Promise<BareTab>;
  /** Sets a cookie in the profile (the session the app starts with). */
  setCookie(cookie: { name: string; value: string; url: string }): Promise<void>;
  close(): Promise<void>;
}

export interface BareTab {
  /** Navigates to `url` and resolves with what `expression` (a promise in the new document) resolves to. */
  open<T>(url: string, expression: string): Promise<T>;
  /** Evaluates `expression` in the tab's document (awaiting a promise). */
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

/** How long a navigation may take to settle what the bench waits for (as Playwright's 120 s in the benches). */
const OPEN_TIMEOUT_MS = 120_000;

type Listener = (params: Record<string, unknown>, sessionId?: string) => void;

export async function launchBareChromium(): Promise<BareChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'parstock-bench-bare-'));
  const browser = Bun.spawn(
    [
      CHROMIUM,
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--remote-debugging-port=0',
      '--window-size=1280,800',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdout: 'ignore', stderr: 'pipe' },
  );
  const endpoint = await devToolsEndpoint(browser.stderr);
  const socket = new WebSocket(endpoint);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('No DevTools connection')), { once: true });
  });

  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<string, Set<Listener>>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
      method?: string;
      params?: Record<string, unknown>;
      sessionId?: string;
    };
    if (message.id !== undefined) {
      const call = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) call?.reject(new Error(message.error.message));
      else call?.resolve(message.result);
    } else if (message.method) {
      for (const listener of listeners.get(message.method) ?? [])
        listener(message.params ?? {}, message.sessionId);
    }
  });
  const send = <T>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  const once = (
    method: string,
    sessionId: string,
    matches: (params: Record<string, unknown>) => boolean,
  ): Promise<Record<string, unknown>> =>
    new Promise((resolve) => {
      const set = listeners.get(method) ?? new Set<Listener>();
      listeners.set(method, set);
      const listener: Listener = (params, from) => {
        if (from !== sessionId || !matches(params)) return;
        set.delete(listener);
        resolve(params);
      };
      set.add(listener);
    });

  const evaluateIn = async <T>(sessionId: string, expression: string): Promise<T> => {
    const answer = await send<{ result: { value: T }; exceptionDetails?: { text: string } }>(
      'Runtime.evaluate',
      { expression, awaitPromise: true, returnByValue: true },
      sessionId,
    );
    if (answer.exceptionDetails) throw new Error(`In the page: ${answer.exceptionDetails.text}`);
    return answer.result.value;
  };

  return {
    async openTab(initScript, cpuThrottle) {
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
      const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', {
        targetId,
        flatten: true,
      });
      await send('Page.enable', {}, sessionId);
      await send('Page.addScriptToEvaluateOnNewDocument', { source: initScript }, sessionId);
      await send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle }, sessionId);
      return {
        async open<T>(url: string, expression: string) {
          // The document the expression must run in is the one committed by this navigation.
          const committed = once('Page.frameNavigated', sessionId, (params) => {
            const frame = params.frame as { parentId?: string } | undefined;
            return frame !== undefined && frame.parentId === undefined;
          });
          const opened = (async () => {
            await send('Page.navigate', { url }, sessionId);
            await committed;
            return evaluateIn<T>(sessionId, expression);
          })();
          // A page that never gets there stops the bench with a message instead of holding it for ever.
          let timer: ReturnType<typeof setTimeout> | undefined;
          const late = new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`${url}: ${expression} not settled after ${OPEN_TIMEOUT_MS} ms`)),
              OPEN_TIMEOUT_MS,
            );
          });
          try {
            return await Promise.race([opened, late]);
          } finally {
            clearTimeout(timer);
          }
        },
        evaluate: <T>(expression: string) => evaluateIn<T>(sessionId, expression),
        close: async () => {
          await send('Target.closeTarget', { targetId });
        },
      };
    },
    async setCookie({ name, value, url }) {
      await send('Storage.setCookies', {
        cookies: [{ name, value, url, httpOnly: true, sameSite: 'Lax' }],
      });
    },
    async close() {
      socket.close();
      browser.kill();
      await browser.exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The browser's DevTools address, from the line Chromium writes on its standard error as it starts. The rest of
 * its standard error is read on and dropped: a pipe nobody reads would stop the browser once it is full.
 */
async function devToolsEndpoint(stderr: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stderr.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`Chromium exited before it listened for DevTools:\n${text}`);
    text += decoder.decode(value, { stream: true });
    const found = text.match(/DevTools listening on (ws:\/\/\S+)/);
    if (found?.[1]) {
      void (async () => {
        while (!(await reader.read()).done);
      })();
      return found[1];
    }
  }
}
