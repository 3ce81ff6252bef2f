import { isValidLocation, soleLocationToChoose } from '@engine/operations.ts';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select.tsx';
import { useUserLocations } from '@web/lib/shared-reads/user-locations.ts';
import { useSelectedLocation } from '@web/lib/storage/selected-location.ts';
import { MapPin } from 'lucide-react';
import { useEffect, useRef } from 'react';

/** Radix Select cannot hold '' as a value, so "no location" travels as this sentinel. */
const NO_LOCATION = 'none';

export const LOCATION_PICKER_TITLE = 'Select Location';
export const NO_LOCATION_SELECTED = 'No location selected';
export const LOADING_LOCATIONS = 'Loading locations...';
export const NO_LOCATIONS_ASSIGNED = 'No locations assigned.';

// Phones drop the chevron and show the café's short code, so the operation's name keeps its room.
const triggerClass =
  'h-10 w-auto max-w-[8rem] gap-1.5 border-transparent bg-transparent px-2 shadow-none hover:bg-accent max-sm:[&>svg:last-child]:hidden sm:max-w-[16rem] sm:gap-2 sm:px-3';

/**
 * The café the person is working at (requirements §2). The stored choice counts only while it is one of their
 * locations; choosing 'No location selected' removes it. Someone assigned to exactly one café gets it chosen for
 * them (decision 060). Storing emits locationChanged for this tab, and
 * other tabs follow through the storage event.
 */
export function LocationPicker() {
  const locations = useUserLocations();
  const [stored, setStored] = useSelectedLocation();
  // Someone with one café works at it; once they choose 'No location selected' here, that choice stands.
  const soleChoiceDeclined = useRef(false);
  const sole = locations.data ? soleLocationToChoose(stored?.id, locations.data) : null;
  useEffect(() => {
    if (sole && !soleChoiceDeclined.current) setStored(sole);
  }, [sole, setStored]);

  if (locations.isPending || locations.isError || locations.data.length === 0) {
    const text = locations.isPending
      ? LOADING_LOCATIONS
      : locations.isError
        ? 'Locations unavailable'
        : NO_LOCATIONS_ASSIGNED;
    return (
      <Select disabled>
        <SelectTrigger
          aria-label={LOCATION_PICKER_TITLE}
          title={LOCATION_PICKER_TITLE}
          className={triggerClass}
        >
          <MapPin aria-hidden className="text-muted-foreground" />
          <span className="truncate text-muted-foreground">{text}</span>
        </SelectTrigger>
      </Select>
    );
  }

  const list = locations.data;
  const current =
    stored && isValidLocation(stored.id, list) ? list.find((l) => String(l.id) === stored.id) : undefined;

  function onValueChange(value: string) {
    if (value === NO_LOCATION) {
      soleChoiceDeclined.current = true;
      setStored(null);
      return;
    }
    const location = list.find((l) => String(l.id) === value);
    if (location) setStored(location);
  }

  return (
    <Select value={current ? String(current.id) : NO_LOCATION} onValueChange={onValueChange}>
      <SelectTrigger
        aria-label={LOCATION_PICKER_TITLE}
        title={LOCATION_PICKER_TITLE}
        className={triggerClass}
      >
        <MapPin aria-hidden className={current ? 'text-primary' : 'text-muted-foreground'} />
        <SelectValue>
          {current ? (
            <>
              <span className="truncate sm:hidden">{current.code}</span>
              <span className="hidden truncate sm:inline">{current.name}</span>
            </>
          ) : (
            <span className="truncate text-muted-foreground">
              <span className="sm:hidden">Location</span>
              <span className="hidden sm:inline">{NO_LOCATION_SELECTED}</span>
            </span>
          )}
        </SelectValue>
      </SelectTrigger>
      <SelectContent align="end" className="min-w-64">
        <SelectGroup>
          <SelectLabel>{LOCATION_PICKER_TITLE}</SelectLabel>
          <SelectItem value={NO_LOCATION}>
            <span className="text-muted-foreground">{NO_LOCATION_SELECTED}</span>
          </SelectItem>
        </SelectGroup>
        <SelectSeparator />
        {list.map((location) => (
          <SelectItem key={location.id} value={String(location.id)} textValue={location.name}>
            <span className="flex min-w-0 items-baseline gap-2">
              <span className="truncate">{location.name}</span>
              <span className="text-xs text-muted-foreground">{location.code}</span>
            </span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
