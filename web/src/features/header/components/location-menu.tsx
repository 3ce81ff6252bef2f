import { cafeSearch, cafesAsRead } from '@web/components/ui/cafe-search.ts';
import { SEARCHED_FROM, SearchSelect } from '@web/components/ui/search-select.tsx';
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
import { SelectValueLook } from '@web/components/ui/select-trigger-look.tsx';
import {
  LOCATION_PICKER_TITLE,
  LocationValue,
  NO_LOCATION,
  NO_LOCATION_SELECTED,
  type UserLocation,
} from './location-picker.tsx';

/**
 * The location picker's select, loaded on first use (decision 082); `LocationPicker` draws it until then. Cafés are
 * listed as their names read ("Café 5" before "Café 15"); a long list can be narrowed by name or code.
 */
export function LocationMenu({
  list,
  current,
  onValueChange,
  triggerClassName,
  defaultOpen,
}: {
  list: readonly UserLocation[];
  current: UserLocation | undefined;
  onValueChange: (value: string) => void;
  triggerClassName: string;
  defaultOpen: boolean;
}) {
  const sorted = cafesAsRead(list);
  const value = current ? String(current.id) : NO_LOCATION;
  if (sorted.length >= SEARCHED_FROM)
    return (
      <SearchSelect
        control={{ 'aria-label': LOCATION_PICKER_TITLE, title: LOCATION_PICKER_TITLE }}
        className={triggerClassName}
        triggerContent={<LocationValue current={current} Value={SelectValueLook} />}
        heading={`${LOCATION_PICKER_TITLE} · ${sorted.length} cafés`}
        align="end"
        value={current ? String(current.id) : null}
        onChange={(chosen) => onValueChange(chosen ?? NO_LOCATION)}
        {...cafeSearch(sorted)}
        anyLabel={NO_LOCATION_SELECTED}
        defaultOpen={defaultOpen}
      />
    );
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen={defaultOpen}>
      <SelectTrigger
        aria-label={LOCATION_PICKER_TITLE}
        title={LOCATION_PICKER_TITLE}
        className={triggerClassName}
      >
        <LocationValue current={current} Value={SelectValue} />
      </SelectTrigger>
      <SelectContent align="end" className="min-w-64">
        <SelectGroup>
          <SelectLabel>{LOCATION_PICKER_TITLE}</SelectLabel>
          <SelectItem value={NO_LOCATION}>
            <span className="text-muted-foreground">{NO_LOCATION_SELECTED}</span>
          </SelectItem>
        </SelectGroup>
        <SelectSeparator />
        {sorted.map((location) => (
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
