import type { Location } from '@engine/api-schemas.ts';
import { emitLocationChanged, readStored, removeStored, writeStored } from './local-storage.ts';
import { STORAGE_KEYS } from './stored-keys.ts';

/*
 * The stored café choice without its atoms: route loaders read it from the first script, which leaves jotai to the
 * screens that follow the choice (selected-location.ts).
 */

export const LOCATION_KEYS = [
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
