import type { Location } from '@engine/api-schemas.ts';
import {
  SELECT_NONE_VALUE,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from './select.tsx';

/**
 * Narrows a list of orders to one of the person's locations, or 'All my locations' (null). Name it with a
 * <Label htmlFor={id}>.
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
  return (
    <Select
      value={value ? String(value) : SELECT_NONE_VALUE}
      onValueChange={(next) => onChange(next === SELECT_NONE_VALUE ? null : Number(next))}
    >
      <SelectTrigger id={id} className="w-full">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={SELECT_NONE_VALUE}>All my locations</SelectItem>
        {locations.map((location) => (
          <SelectItem key={location.id} value={String(location.id)}>
            {location.name} · {location.code}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
