import type { Location } from '@engine/api-schemas.ts';
import { isValidLocation } from '@engine/operations.ts';
import { useUserLocations } from '@web/lib/shared-reads/user-locations.ts';
import { useSelectedLocation } from '@web/lib/storage/selected-location.ts';
import { useMemo } from 'react';

export type ValidSelectedLocation =
  | { status: 'loading' }
  | { status: 'error' }
  /** Nothing chosen, or a stored location that is not one of the user's (requirements §5). */
  | { status: 'none' }
  | { status: 'ready'; location: Location };

/** The header's chosen location, when it is one of the signed-in user's locations. */
export function useValidSelectedLocation(): ValidSelectedLocation {
  const [stored] = useSelectedLocation();
  const locations = useUserLocations();
  return useMemo(() => {
    if (locations.isPending) return { status: 'loading' };
    if (locations.isError) return { status: 'error' };
    if (!isValidLocation(stored?.id, locations.data)) return { status: 'none' };
    const location = locations.data.find((candidate) => String(candidate.id) === stored?.id);
    return location ? { status: 'ready', location } : { status: 'none' };
  }, [stored?.id, locations.isPending, locations.isError, locations.data]);
}
