import { APP_EVENTS, type AppEventName, type StorageKey } from './stored-keys.ts';

/*
 * Storage can be unavailable (private browsing, disabled by policy, quota full). A choice that cannot be
 * kept is then simply forgotten on reload; it must never break the screen.
 */

export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // See above: an unkept choice is acceptable.
  }
}

export function removeStored(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See above.
  }
}

export function emitOperationChanged(action: string | null): void {
  window.dispatchEvent(new CustomEvent(APP_EVENTS.operationChanged, { detail: action }));
}

export function emitLocationChanged(locationId: string | null): void {
  window.dispatchEvent(new CustomEvent(APP_EVENTS.locationChanged, { detail: locationId }));
}

/**
 * Calls `onChange` when any of `keys` changes in another tab (the `storage` event, which never fires in
 * the tab that wrote) or when this tab announces a change with one of `events`. Returns the unsubscribe.
 */
export function subscribeToStored(
  keys: readonly StorageKey[],
  events: readonly AppEventName[],
  onChange: () => void,
): () => void {
  const onStorage = (event: StorageEvent) => {
    // A null key means the whole storage was cleared.
    if (event.key === null || (keys as readonly string[]).includes(event.key)) onChange();
  };
  window.addEventListener('storage', onStorage);
  for (const name of events) window.addEventListener(name, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    for (const name of events) window.removeEventListener(name, onChange);
  };
}
