import { atom } from 'jotai';
import { readStored, removeStored, subscribeToStored, writeStored } from './local-storage.ts';
import { STORAGE_KEYS } from './stored-keys.ts';

const KEY = STORAGE_KEYS.triggerStartNewCount;
const CAFES_KEY = STORAGE_KEYS.triggerStartNewCountLocationIds;

/** The cafés stored beside the flag; anything else stored there reads as none. */
function storedCafes(): number[] {
  try {
    const parsed: unknown = JSON.parse(readStored(CAFES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

/**
 * Set when an order is submitted: the next visit to the main screen starts a new count (clears the inventory)
 * once, then the flag is gone (requirements §2). The café the order was for is kept beside it, with any other
 * café ordered for before the person came back.
 */
export function setTriggerStartNewCount(locationId?: number): void {
  writeStored(KEY, 'true');
  if (locationId === undefined) return;
  const cafes = storedCafes();
  if (!cafes.includes(locationId)) writeStored(CAFES_KEY, JSON.stringify([...cafes, locationId]));
}

export function readTriggerStartNewCount(): boolean {
  return readStored(KEY) === 'true';
}

/**
 * What a consumed flag asks for: a new count at each of `locationIds`, or, when none were stored (a flag set by an
 * older version), at the café chosen now.
 */
export interface StartNewCountRequest {
  locationIds: number[];
}

/** Reads the flag and removes it with its cafés, so each new count starts exactly once; null when not set. */
export function consumeTriggerStartNewCount(): StartNewCountRequest | null {
  const set = readTriggerStartNewCount();
  const locationIds = storedCafes();
  removeStored(KEY);
  removeStored(CAFES_KEY);
  return set ? { locationIds } : null;
}

const triggerVersionAtom = atom(0);
triggerVersionAtom.onMount = (setVersion) => {
  const bump = () => setVersion((version) => version + 1);
  bump();
  return subscribeToStored([KEY], [], bump);
};

/** True while the flag is stored; follows other tabs (an order submitted in another tab). */
export const triggerStartNewCountAtom = atom((get) => {
  get(triggerVersionAtom);
  return readTriggerStartNewCount();
});

/** Write-only: consumes the flag and returns what it asked for, or null when it was not set. */
export const consumeTriggerStartNewCountAtom = atom(null, (_get, set) => {
  const request = consumeTriggerStartNewCount();
  set(triggerVersionAtom, (version) => version + 1);
  return request;
});

/** Write-only: sets the flag for the café an order was just submitted for. */
export const setTriggerStartNewCountAtom = atom(null, (_get, set, locationId: number) => {
  setTriggerStartNewCount(locationId);
  set(triggerVersionAtom, (version) => version + 1);
});
