import { atom } from 'jotai';
import { readStored, removeStored, subscribeToStored, writeStored } from './local-storage.ts';
import { STORAGE_KEYS } from './stored-keys.ts';

const KEY = STORAGE_KEYS.triggerStartNewCount;

/**
 * Set when an order is submitted: the next visit to the count screen starts a new count (clears the
 * inventory) once, then the flag is gone (requirements §2).
 */
export function setTriggerStartNewCount(): void {
  writeStored(KEY, 'true');
}

export function readTriggerStartNewCount(): boolean {
  return readStored(KEY) === 'true';
}

/** Reads the flag and removes it, so the new count starts exactly once. */
export function consumeTriggerStartNewCount(): boolean {
  const set = readTriggerStartNewCount();
  removeStored(KEY);
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

/** Write-only: consumes the flag and returns whether it was set. */
export const consumeTriggerStartNewCountAtom = atom(null, (_get, set) => {
  const wasSet = consumeTriggerStartNewCount();
  set(triggerVersionAtom, (version) => version + 1);
  return wasSet;
});

/** Write-only: sets the flag (after an order is submitted). */
export const setTriggerStartNewCountAtom = atom(null, (_get, set) => {
  setTriggerStartNewCount();
  set(triggerVersionAtom, (version) => version + 1);
});
