import { useSyncExternalStore } from 'react';

/** Chromium's install event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** What the profile menu offers: the browser's own install prompt, iOS's steps, or nothing. */
export type InstallOption = { kind: 'prompt'; install: () => Promise<void> } | { kind: 'ios-steps' } | null;

export interface InstallContext {
  /** The browser offered an install prompt (Chromium on Android and desktop). */
  prompt: BeforeInstallPromptEvent | null;
  /** Safari on iPhone or iPad, which installs only through Share → Add to Home Screen. */
  isIos: boolean;
  /** Already running as the installed app. */
  standalone: boolean;
}

export function installOptionFor(context: InstallContext, install: () => Promise<void>): InstallOption {
  if (context.standalone) return null;
  if (context.prompt) return { kind: 'prompt', install };
  if (context.isIos) return { kind: 'ios-steps' };
  return null;
}

/** iPadOS reports itself as a Mac; a touch screen gives it away. */
export function isIosDevice(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
}

let deferred: BeforeInstallPromptEvent | null = null;
let option: InstallOption = null;
const listeners = new Set<() => void>();

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

async function install(): Promise<void> {
  const event = deferred;
  if (!event) return;
  await event.prompt();
  // The event can prompt once; whatever the choice, the browser offers a new one if it still may.
  await event.userChoice.catch(() => undefined);
  deferred = null;
  refresh();
}

function refresh(): void {
  option = installOptionFor(
    {
      prompt: deferred,
      isIos: isIosDevice(navigator.userAgent, navigator.platform, navigator.maxTouchPoints ?? 0),
      standalone: isStandalone(),
    },
    install,
  );
  for (const listener of listeners) listener();
}

/**
 * Starts listening before the app renders: Chromium fires `beforeinstallprompt` once, early, and only a page
 * that keeps the event can show its prompt later (from the profile menu).
 */
export function listenForInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-bar away; the profile menu offers the install instead.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    refresh();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    refresh();
  });
  refresh();
}

export function useInstallOption(): InstallOption {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => option,
    () => null,
  );
}
