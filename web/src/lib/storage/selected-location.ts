import type { Location } from '@engine/api-schemas.ts';
import { atom, useAtom, useAtomValue } from 'jotai';
import { subscribeToStored } from './local-storage.ts';
import {
  LOCATION_KEYS,
  readSelectedLocation,
  type StoredLocation,
  storeSelectedLocation,
} from './selected-location-storage.ts';
import { APP_EVENTS } from './stored-keys.ts';

export { readSelectedLocation, type StoredLocation, storeSelectedLocation };

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
