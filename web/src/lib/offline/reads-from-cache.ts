import { CACHED_AT_HEADER } from '@web/service-worker/offline-reads.ts';
import { useSyncExternalStore } from 'react';

/**
 * Which reads the app is showing from the service worker's cache instead of the server, and since when.
 * The API client notes every answer (`noteReadAnswer`): one stamped by the worker puts its address here, a
 * fresh one takes it out again. Screens show the oldest time ("offline — showing the list from 14:05"), and
 * when the network returns the kept reads are asked again (`cachedReadPaths`).
 */
interface CachedRead {
  /** The declared path (`/api/inventory`), which is the first part of the read's query key. */
  path: string;
  cachedAt: number;
}

const cachedReads = new Map<string, CachedRead>();
const listeners = new Set<() => void>();
let oldest: number | null = null;

function changed(): void {
  oldest =
    cachedReads.size === 0 ? null : Math.min(...[...cachedReads.values()].map((read) => read.cachedAt));
  for (const listener of listeners) listener();
}

const serverListeners = new Set<() => void>();

/**
 * The server itself answered a request (a fresh read, or any write): the network is back whatever the browser's
 * `online` event said, which on flaky Wi-Fi or a server that was down never comes. Reads still shown from the
 * device can be asked again (use-refresh-when-online.ts).
 */
export function noteServerAnswered(): void {
  if (cachedReads.size === 0) return;
  for (const listener of serverListeners) listener();
}

export function onServerAnswered(listener: () => void): () => void {
  serverListeners.add(listener);
  return () => serverListeners.delete(listener);
}

/** Records where an answer came from; `cachedAt` is the worker's header, null for a fresh answer. */
export function noteReadAnswer(path: string, url: string, cachedAt: string | null): void {
  const at = cachedAt === null ? Number.NaN : Date.parse(cachedAt);
  if (Number.isNaN(at)) {
    if (cachedReads.delete(url)) changed();
    noteServerAnswered();
    return;
  }
  const before = cachedReads.get(url);
  if (before?.cachedAt === at) return;
  cachedReads.set(url, { path, cachedAt: at });
  changed();
}

/** The header of an answer as the API client sees it. */
export function cachedAtOf(response: Response): string | null {
  return response.headers.get(CACHED_AT_HEADER);
}

/** The declared paths of the reads now shown from the cache, to ask again once the server answers. */
export function cachedReadPaths(): string[] {
  return [...new Set([...cachedReads.values()].map((read) => read.path))];
}

/** Forgets the reads of the paths `drop` names (reads no screen holds any more cannot be asked again). */
export function forgetCachedReads(drop: (path: string) => boolean): void {
  let dropped = false;
  for (const [url, read] of cachedReads) {
    if (!drop(read.path)) continue;
    cachedReads.delete(url);
    dropped = true;
  }
  if (dropped) changed();
}

/** Forgets everything (sign-out, tests). */
export function resetCachedReads(): void {
  if (cachedReads.size === 0) return;
  cachedReads.clear();
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getOldest = () => oldest;

/** When the oldest answer on screen came from the server, or null when everything shown is fresh. */
export function useOfflineListTime(): number | null {
  return useSyncExternalStore(subscribe, getOldest, getOldest);
}

/** "14:05": the clock time a person reads the list's age by, in 24-hour form as the requirements write it. */
export function clockTime(at: number): string {
  const date = new Date(at);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}
