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
import {
  LOCATION_PICKER_TITLE,
  LocationValue,
  NO_LOCATION,
  NO_LOCATION_SELECTED,
  type UserLocation,
} from './location-picker.tsx';

/** The location picker's Radix select, loaded on first use (decision 082); `LocationPicker` draws it until then. */
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
  return (
    <Select
      value={current ? String(current.id) : NO_LOCATION}
      onValueChange={onValueChange}
      defaultOpen={defaultOpen}
    >
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
