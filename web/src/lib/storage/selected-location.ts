import type { Location } from '@engine/api-schemas.ts';
import { atom, useAtom, useAtomValue } from 'jotai';
import {
  emitLocationChanged,
  readStored,
  removeStored,
  subscribeToStored,
  writeStored,
} from './local-storage.ts';
import { APP_EVENTS, STORAGE_KEYS } from './stored-keys.ts';

const LOCATION_KEYS = [
  STORAGE_KEYS.selectedLocationId,
  STORAGE_KEYS.selectedLocationName,
  STORAGE_KEYS.selectedLocationCode,
] as const;

export interface StoredLocation {
  /** As stored: text. Whether it is one of the user's locations is decided against their list (requirements §5). */
  id: string;
  name: string | null;
  code: string | null;
}

export function readSelectedLocation(): StoredLocation | null {
  const id = readStored(STORAGE_KEYS.selectedLocationId);
  if (!id) return null;
  return {
    id,
    name: readStored(STORAGE_KEYS.selectedLocationName),
    code: readStored(STORAGE_KEYS.selectedLocationCode),
  };
}

/**
 * Stores the chosen location, or removes all three keys when the choice is blank ('No location selected'),
 * then emits `locationChanged` with the new id (requirements §2).
 */
export function storeSelectedLocation(location: Pick<Location, 'id' | 'name' | 'code'> | null): void {
  if (location && String(location.id).trim() !== '') {
    writeStored(STORAGE_KEYS.selectedLocationId, String(location.id));
    writeStored(STORAGE_KEYS.selectedLocationName, location.name);
    writeStored(STORAGE_KEYS.selectedLocationCode, location.code);
    emitLocationChanged(String(location.id));
    return;
  }
  for (const key of LOCATION_KEYS) removeStored(key);
  emitLocationChanged(null);
}

const selectedLocationVersionAtom = atom(0);
selectedLocationVersionAtom.onMount = (setVersion) => {
  const bump = () => setVersion((version) => version + 1);
  bump();
  return subscribeToStored(LOCATION_KEYS, [APP_EVENTS.locationChanged], bump);
};

/** Follows this tab's `locationChanged` events and other tabs' storage writes. */
export const selectedLocationAtom = atom(
  (get) => {
    get(selectedLocationVersionAtom);
    return readSelectedLocation();
  },
  (_get, set, location: Pick<Location, 'id' | 'name' | 'code'> | null) => {
    storeSelectedLocation(location);
    set(selectedLocationVersionAtom, (version) => version + 1);
  },
);

/** The stored id as a number, or null when none is stored or it is not a positive whole number. */
export const selectedLocationIdAtom = atom((get) => {
  const id = get(selectedLocationAtom)?.id;
  return id && /^\d+$/.test(id) && Number(id) > 0 ? Number(id) : null;
});
export const selectedLocationNameAtom = atom((get) => get(selectedLocationAtom)?.name ?? null);
export const selectedLocationCodeAtom = atom((get) => get(selectedLocationAtom)?.code ?? null);

export function useSelectedLocation() {
  return useAtom(selectedLocationAtom);
}

export function useSelectedLocationId(): number | null {
  return useAtomValue(selectedLocationIdAtom);
}
