import { type BrowserContext, expect } from '@playwright/test';

/*
 * The suite's tests share one browser context, reset between them (`reuseContext`, decision 111): a new context
 * and page took a third of a second before each test's first step (a new renderer process), and the app's first
 * load in it twice as long as in a page that had run it before. Playwright's reset navigates the page to
 * about:blank, closes other pages, and clears cookies, the HTTP cache, each visited origin's storage (local, session,
 * IndexedDB) and service workers, routes, init scripts and the clock. What it leaves is left here.
 */

// The page's own events a test or this suite's fixture may listen to; the page outlives the test, its listeners
// must not ('close' and 'crash' are left to Playwright).
const PAGE_EVENTS = [
  'console',
  'dialog',
  'domcontentloaded',
  'download',
  'filechooser',
  'frameattached',
  'framedetached',
  'framenavigated',
  'load',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'websocket',
  'worker',
] as const;

/** What a test began with is what a new context gives: nobody signed in, one blank page at most. */
export async function expectFreshStart(context: BrowserContext): Promise<void> {
  expect(await context.cookies(), 'cookies left by an earlier test').toEqual([]);
  const pages = context.pages();
  expect(pages.length, 'pages left open by an earlier test').toBeLessThanOrEqual(1);
  for (const page of pages) expect(page.url(), 'a page left on a screen').toBe('about:blank');
}

/** Takes back what Playwright's reset leaves: the page's listeners, the network switched off, granted permissions. */
export async function leaveForTheNextTest(context: BrowserContext): Promise<void> {
  for (const page of context.pages()) {
    for (const event of PAGE_EVENTS) page.removeAllListeners(event);
  }
  await context.setOffline(false);
  await context.clearPermissions();
}
