import type { Location } from '@engine/api-schemas.ts';
import { cafeSearch, cafesAsRead } from './cafe-search.ts';
import { SEARCHED_FROM, SearchSelect } from './search-select.tsx';
import {
  SELECT_NONE_VALUE,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from './select.tsx';

const ALL_MY_LOCATIONS = 'All my locations';

/**
 * Narrows a list of orders to one of the person's locations, or 'All my locations' (null). Name it with a
 * <Label htmlFor={id}>. Cafés are listed as their names read; a district's or a chain's can be searched.
 */
export function LocationFilterSelect({
  id,
  locations,
  value,
  onChange,
}: {
  id: string;
  locations: readonly Location[];
  value: number | null;
  onChange: (locationId: number | null) => void;
}) {
  const sorted = cafesAsRead(locations);
  if (sorted.length >= SEARCHED_FROM)
    return (
      <SearchSelect
        control={{ id }}
        fill
        value={value === null ? null : String(value)}
        onChange={(chosen) => onChange(chosen === null ? null : Number(chosen))}
        {...cafeSearch(sorted)}
        anyLabel={ALL_MY_LOCATIONS}
      />
    );
  return (
    <Select
      value={value ? String(value) : SELECT_NONE_VALUE}
      onValueChange={(next) => onChange(next === SELECT_NONE_VALUE ? null : Number(next))}
    >
      <SelectTrigger id={id} className="w-full">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={SELECT_NONE_VALUE}>{ALL_MY_LOCATIONS}</SelectItem>
        {sorted.map((location) => (
          <SelectItem key={location.id} value={String(location.id)}>
            {location.name} · {location.code}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
