import type { Location } from '@engine/api-schemas.ts';
import type { ReportDistrict } from '@engine/endpoints/report-endpoints.ts';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { LocationFilterSelect } from '@web/components/ui/location-filter-select.tsx';
import {
  SELECT_NONE_VALUE,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select.tsx';
import type { NavigatorView } from '../model/navigator-search.ts';
import { type ClosedCafe, reportCafeChoices } from '../model/report-cafes.ts';

/**
 * Range, district and café of the view; every change goes to the URL, so the view can be bookmarked and
 * shared. A district and a café exclude each other (the server takes one or the other): picking one clears
 * the other, and with a district chosen the café list holds that district's cafés. Closed cafés whose history
 * the user's reports read follow the open ones, marked closed (decision 103).
 */
export function ReportFilters({
  view,
  locations,
  closedCafes,
  districts,
  onChange,
}: {
  view: NavigatorView;
  locations: readonly Location[];
  closedCafes: readonly ClosedCafe[];
  districts: readonly ReportDistrict[];
  onChange: (next: Partial<NavigatorView>) => void;
}) {
  const district = districts.find((d) => d.id === view.district);
  const cafes = reportCafeChoices(locations, closedCafes, district);
  // One district holding every café of the user's adds nothing to "All my locations".
  const offerDistricts =
    districts.length > 1 || (districts.length === 1 && locations.length + closedCafes.length > 1);
  return (
    <div
      className={`grid grid-cols-2 gap-3 ${
        offerDistricts
          ? 'sm:grid-cols-[10rem_10rem_minmax(0,12rem)_minmax(0,18rem)]'
          : 'sm:grid-cols-[10rem_10rem_minmax(0,18rem)]'
      }`}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="report-from">From</Label>
        <Input
          id="report-from"
          type="date"
          value={view.from}
          max={view.to}
          onChange={(event) => event.target.value && onChange({ from: event.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="report-to">To</Label>
        <Input
          id="report-to"
          type="date"
          value={view.to}
          min={view.from}
          onChange={(event) => event.target.value && onChange({ to: event.target.value })}
        />
      </div>
      {offerDistricts ? (
        <div className="col-span-2 grid gap-1.5 sm:col-span-1">
          <Label htmlFor="report-district">District</Label>
          <Select
            value={district ? String(district.id) : SELECT_NONE_VALUE}
            onValueChange={(next) =>
              onChange(
                next === SELECT_NONE_VALUE
                  ? { district: undefined }
                  : { district: Number(next), locations: [] },
              )
            }
          >
            <SelectTrigger id="report-district" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={SELECT_NONE_VALUE}>All my districts</SelectItem>
              {districts.map((d) => (
                <SelectItem key={d.id} value={String(d.id)}>
                  {d.name} · {d.locationIds.length} {d.locationIds.length === 1 ? 'café' : 'cafés'}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}
      <div className="col-span-2 grid gap-1.5 sm:col-span-1">
        <Label htmlFor="report-location">Café</Label>
        <LocationFilterSelect
          id="report-location"
          locations={cafes}
          value={view.locations.length === 1 ? (view.locations[0] ?? null) : null}
          onChange={(locationId) =>
            // "All my locations" within a district keeps the district; a café replaces it.
            onChange(
              locationId === null ? { locations: [] } : { locations: [locationId], district: undefined },
            )
          }
        />
      </div>
      {view.askedFrom ? (
        <p className="col-span-full text-muted-foreground text-sm">
          A report covers at most a year, so this one starts on {view.from}, not {view.askedFrom}.
        </p>
      ) : null}
    </div>
  );
}
