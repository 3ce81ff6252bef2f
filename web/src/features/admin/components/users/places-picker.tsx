import type { AdminDistrict, AdminLocation } from '@engine/admin-location-schemas.ts';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { useId } from 'react';

function toggle(ids: readonly number[], id: number, on: boolean): number[] {
  return on ? [...new Set([...ids, id])] : ids.filter((value) => value !== id);
}

function CheckRow({
  label,
  detail,
  checked,
  onChange,
}: {
  label: string;
  detail?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex min-h-11 items-center gap-3 rounded-md px-2 hover:bg-accent/60">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id} className="flex-1 cursor-pointer justify-between py-2 font-normal">
        <span>{label}</span>
        {detail ? <span className="text-xs text-muted-foreground">{detail}</span> : null}
      </Label>
    </li>
  );
}

/**
 * Which cafés (and, for a district manager, which whole districts) a user works at. Locations are grouped
 * by district so a manager of "Northside" is found where a person looks for it.
 */
export function PlacesPicker({
  locations,
  districts,
  locationIds,
  districtIds,
  showDistricts,
  onLocationsChange,
  onDistrictsChange,
}: {
  locations: readonly AdminLocation[];
  districts: readonly AdminDistrict[];
  locationIds: readonly number[];
  districtIds: readonly number[];
  showDistricts: boolean;
  onLocationsChange: (ids: number[]) => void;
  onDistrictsChange: (ids: number[]) => void;
}) {
  const groups = districts
    .map((district) => ({
      district,
      locations: locations.filter((location) => location.districtId === district.id),
    }))
    .filter((group) => group.locations.length > 0);

  return (
    <div className="grid gap-4">
      {showDistricts ? (
        <fieldset className="grid gap-1">
          <legend className="mb-1 text-sm font-medium">Districts</legend>
          <p className="mb-1 text-xs text-muted-foreground">
            Every café of a chosen district, including cafés added to it later.
          </p>
          <ul className="grid gap-0.5">
            {districts.map((district) => (
              <CheckRow
                key={district.id}
                label={district.name}
                detail={`${district.locationCount} café${district.locationCount === 1 ? '' : 's'}`}
                checked={districtIds.includes(district.id)}
                onChange={(on) => onDistrictsChange(toggle(districtIds, district.id, on))}
              />
            ))}
          </ul>
        </fieldset>
      ) : null}
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium">
          {showDistricts ? 'Other locations' : 'Locations'}
        </legend>
        {groups.map((group) => (
          <div key={group.district.id} className="grid gap-0.5">
            <p className="px-2 pt-1 text-xs font-medium text-muted-foreground uppercase tracking-wide">
              {group.district.name}
            </p>
            <ul className="grid gap-0.5">
              {group.locations.map((location) => (
                <CheckRow
                  key={location.id}
                  label={location.name}
                  detail={location.active ? location.code : `${location.code} · inactive`}
                  checked={locationIds.includes(location.id)}
                  onChange={(on) => onLocationsChange(toggle(locationIds, location.id, on))}
                />
              ))}
            </ul>
          </div>
        ))}
      </fieldset>
    </div>
  );
}
