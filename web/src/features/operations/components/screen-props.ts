import type { Location } from '@engine/api-schemas.ts';

export interface OperationScreenProps {
  location: Location;
  userId: number;
  onLeave: () => void;
}

/** Another device's saves show up within this long (local unsaved edits always stay on top). */
export const SHARED_DATA_REFRESH_MS = 60_000;
