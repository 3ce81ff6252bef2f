import { atom } from 'jotai';
import { readStored, removeStored, subscribeToStored, writeStored } from './local-storage.ts';
import { STORAGE_KEYS } from './stored-keys.ts';

const KEY = STORAGE_KEYS.triggerStartNewCount;

/**
 * Set when an order is submitted: the next visit to the main screen clears this device's copy of the inventory
 * once, then the flag is gone (requirements §2). The server has already started the café's next count with the
 * order (decision 119).
 */
export function setTriggerStartNewCount(): void {
  writeStored(KEY, 'true');
}

export function readTriggerStartNewCount(): boolean {
  return readStored(KEY) === 'true';
}

/** Reads the flag and removes it, so the inventory is cleared exactly once; false when it was not set. */
export function consumeTriggerStartNewCount(): boolean {
  const set = readTriggerStartNewCount();
  removeStored(KEY);
  removeStored(STORAGE_KEYS.triggerStartNewCountLocationIds);
  return set;
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

/** Write-only: consumes the flag; true when it was set. */
export const consumeTriggerStartNewCountAtom = atom(null, (_get, set) => {
  const wasSet = consumeTriggerStartNewCount();
  set(triggerVersionAtom, (version) => version + 1);
  return wasSet;
});

/** Write-only: sets the flag once an order was submitted. */
export const setTriggerStartNewCountAtom = atom(null, (_get, set) => {
  setTriggerStartNewCount();
  set(triggerVersionAtom, (version) => version + 1);
});
