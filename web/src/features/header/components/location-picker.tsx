import { isValidLocation, soleLocationToChoose } from '@engine/operations.ts';
import { MenuOnFirstUse } from '@web/components/ui/menu-on-first-use.tsx';
import { SelectTriggerLook, SelectValueLook } from '@web/components/ui/select-trigger-look.tsx';
import { useUserLocations } from '@web/lib/shared-reads/user-locations.ts';
import { useSelectedLocation } from '@web/lib/storage/selected-location.ts';
import { MapPin } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { headerMenus } from './header-menus-chunk.ts';

/** Radix Select cannot hold '' as a value, so "no location" travels as this sentinel. */
export const NO_LOCATION = 'none';

export const LOCATION_PICKER_TITLE = 'Select Location';
export const NO_LOCATION_SELECTED = 'No location selected';
export const LOADING_LOCATIONS = 'Loading locations...';
export const NO_LOCATIONS_ASSIGNED = 'No locations assigned.';

export type UserLocation = NonNullable<ReturnType<typeof useUserLocations>['data']>[number];

// Phones drop the chevron and show the café's short code, so the operation's name keeps its room. The value may
// shrink and ends in an ellipsis: a code may be 32 characters, and one of 22 pushed the page sideways on a phone.
const triggerClass =
  'h-10 w-auto max-w-[8rem] gap-1.5 border-transparent bg-transparent px-2 shadow-none hover:bg-accent max-sm:[&>svg:last-child]:hidden sm:max-w-[16rem] sm:gap-2 sm:px-3 [&>span]:min-w-0 [&>span]:truncate';

/** The chosen café as the closed picker shows it, in the select's value (`Value`: Radix's, or the drawn one). */
export function LocationValue({
  current,
  Value,
}: {
  current: UserLocation | undefined;
  Value: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <>
      <MapPin aria-hidden className={current ? 'text-primary' : 'text-muted-foreground'} />
      <Value>
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
      </Value>
    </>
  );
}

/**
 * The café the person is working at (requirements §2). The stored choice counts only while it is one of their
 * locations; choosing 'No location selected' removes it. Someone assigned to exactly one café gets it chosen for
 * them (decision 060). Storing emits locationChanged for this tab, and
 * other tabs follow through the storage event. The select itself loads on first use (decision 082).
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
      <SelectTriggerLook
        disabled
        aria-label={LOCATION_PICKER_TITLE}
        title={LOCATION_PICKER_TITLE}
        className={triggerClass}
      >
        <MapPin aria-hidden className="text-muted-foreground" />
        <span className="truncate text-muted-foreground">{text}</span>
      </SelectTriggerLook>
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
    <MenuOnFirstUse
      chunk={headerMenus}
      trigger={(use) => (
        <SelectTriggerLook
          {...use}
          aria-label={LOCATION_PICKER_TITLE}
          title={LOCATION_PICKER_TITLE}
          className={triggerClass}
        >
          <LocationValue current={current} Value={SelectValueLook} />
        </SelectTriggerLook>
      )}
      menu={({ LocationMenu }, open) => (
        <LocationMenu
          list={list}
          current={current}
          onValueChange={onValueChange}
          triggerClassName={triggerClass}
          defaultOpen={open}
        />
      )}
    />
  );
}
