import type { Location } from '@engine/api-schemas.ts';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { LocationFilterSelect } from '@web/components/ui/location-filter-select.tsx';
import type { NavigatorView } from '../model/navigator-search.ts';

/** Range and café of the view; every change goes to the URL, so the view can be bookmarked and shared. */
export function ReportFilters({
  view,
  locations,
  onChange,
}: {
  view: NavigatorView;
  locations: readonly Location[];
  onChange: (next: Partial<NavigatorView>) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-[10rem_10rem_minmax(0,18rem)]">
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
      <div className="col-span-2 grid gap-1.5 sm:col-span-1">
        <Label htmlFor="report-location">Café</Label>
        <LocationFilterSelect
          id="report-location"
          locations={locations}
          value={view.locations.length === 1 ? (view.locations[0] ?? null) : null}
          onChange={(locationId) => onChange({ locations: locationId === null ? [] : [locationId] })}
        />
      </div>
    </div>
  );
}
