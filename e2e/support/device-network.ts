import type { BrowserContext, Page } from '@playwright/test';

const OFFLINE_KEY = 'e2e-device-offline';

/**
 * A phone with no network reads `navigator.onLine === false` on every page it opens and hears `online` when the
 * network returns. Playwright's offline emulation makes requests fail but, in Chromium 150, a page loaded while
 * offline reads `onLine === true`, and going online then fires no event. The app trusts that flag (`useOnline`,
 * the outbox's "send now"), so tests of the offline app give each page the flag a device would have: kept in the
 * tab's sessionStorage, read by a getter installed before the app's first script.
 */
export async function emulateDeviceOnlineFlag(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => {
    const browserFlag = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')?.get;
    Object.defineProperty(Navigator.prototype, 'onLine', {
      configurable: true,
      get() {
        if (sessionStorage.getItem(key) === '1') return false;
        return browserFlag ? browserFlag.call(this) : true;
      },
    });
  }, OFFLINE_KEY);
}

/** Takes the network away or gives it back, as a device sees it: requests, the flag, and the event. */
export async function setDeviceOffline(context: BrowserContext, page: Page, offline: boolean): Promise<void> {
  await page.evaluate(
    ({ key, off }) => {
      if (off) sessionStorage.setItem(key, '1');
      else sessionStorage.removeItem(key);
    },
    { key: OFFLINE_KEY, off: offline },
  );
  await context.setOffline(offline);
  // The emulation sends the event only when the browser's own flag changes; a device always sends it.
  await page.evaluate((off) => window.dispatchEvent(new Event(off ? 'offline' : 'online')), offline);
}
