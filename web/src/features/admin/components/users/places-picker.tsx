import type { AdminDistrict, AdminLocation } from '@engine/admin-location-schemas.ts';
import { cafesAsRead } from '@web/components/ui/cafe-search.ts';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { SearchField } from '@web/features/admin/components/common/search-field.tsx';
import { cn } from '@web/lib/cn.ts';
import { foldForSearch, hasEveryWord, searchWords } from '@web/lib/search-words.ts';
import { ChevronRight } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { tickedSummary } from './places-summary.ts';

/** Up to this many cafés every district starts open: a small chain's list is read at a glance. */
export const ALL_OPEN_UP_TO = 24;

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
      <Label htmlFor={id} className="flex-1 cursor-pointer justify-between gap-2 py-2 font-normal">
        <span className="min-w-0 break-words">{label}</span>
        {detail ? <span className="shrink-0 text-xs text-muted-foreground">{detail}</span> : null}
      </Label>
    </li>
  );
}

function DistrictGroup({
  district,
  locations,
  ticked,
  tickedCount,
  open,
  onToggleOpen,
  onTick,
}: {
  district: AdminDistrict;
  /** The cafés drawn: all of the district's, or those the search matches. */
  locations: readonly AdminLocation[];
  ticked: ReadonlySet<number>;
  tickedCount: number;
  /** Null while a search shows every match: there is nothing to fold away then. */
  open: boolean | null;
  onToggleOpen: () => void;
  onTick: (id: number, on: boolean) => void;
}) {
  const listId = useId();
  const count = `${tickedCount} of ${locations.length} ticked`;
  return (
    <div className="grid gap-0.5">
      {open === null ? (
        <p className="px-2 pt-1 text-xs font-medium text-muted-foreground uppercase tracking-wide">
          {district.name}
        </p>
      ) : (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={onToggleOpen}
          className="flex min-h-11 items-center gap-2 rounded-md px-2 text-left text-sm outline-none hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ChevronRight
            aria-hidden
            className={cn('size-4 shrink-0 transition-transform', open && 'rotate-90')}
          />
          <span className="min-w-0 flex-1 break-words font-medium">{district.name}</span>
          <span
            className={cn('shrink-0 text-xs', tickedCount > 0 ? 'text-foreground' : 'text-muted-foreground')}
          >
            {count}
          </span>
        </button>
      )}
      {/* Drawn only while open: 200 cafés of checkboxes behind folded districts would cost as much as shown. */}
      {open === false ? null : (
        <ul id={listId} aria-label={district.name} className="grid gap-0.5">
          {locations.map((location) => (
            <CheckRow
              key={location.id}
              label={location.name}
              detail={location.active ? location.code : `${location.code} · inactive`}
              checked={ticked.has(location.id)}
              onChange={(on) => onTick(location.id, on)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Which cafés (and, for a district manager, which whole districts) a user works at. Cafés are grouped by district
 * so a manager of "Northside" is found where a person looks for it; in a large chain the districts fold, the ones
 * holding a ticked café open, and a search by name or code finds a café in any of them. A line above says what is
 * ticked, folded or not.
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
  const [search, setSearch] = useState('');
  // Decided once, when the form opens: ticking a café later must not fold or unfold anything under the pointer.
  const [openDistricts, setOpenDistricts] = useState<ReadonlySet<number>>(
    () =>
      new Set(
        locations.length <= ALL_OPEN_UP_TO
          ? districts.map((district) => district.id)
          : locations.filter((location) => locationIds.includes(location.id)).map((l) => l.districtId),
      ),
  );
  const ticked = useMemo(() => new Set(locationIds), [locationIds]);
  const summaryId = useId();

  const folded = useMemo(
    () =>
      new Map(locations.map((location) => [location.id, foldForSearch(`${location.name} ${location.code}`)])),
    [locations],
  );
  const words = searchWords(search);
  const groups = districts
    .map((district) => {
      const all = cafesAsRead(locations.filter((location) => location.districtId === district.id));
      return {
        district,
        tickedCount: all.filter((location) => ticked.has(location.id)).length,
        locations:
          words.length === 0
            ? all
            : all.filter((location) => hasEveryWord(folded.get(location.id) ?? '', words)),
      };
    })
    .filter((group) => group.locations.length > 0);

  const tickedNames = locations
    .filter((location) => ticked.has(location.id))
    .map((location) => location.name);
  const tickedDistricts = districts
    .filter((district) => districtIds.includes(district.id))
    .map((d) => d.name);
  const tick = (id: number, on: boolean) => onLocationsChange(toggle(locationIds, id, on));
  const toggleOpen = (id: number) =>
    setOpenDistricts((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="grid gap-4">
      {showDistricts ? (
        <fieldset className="grid gap-1">
          <legend className="mb-1 text-sm font-medium">Districts</legend>
          <p className="mb-1 text-xs text-muted-foreground">
            Every café of a chosen district, including cafés added to it later.
          </p>
          <p className="mb-1 text-sm" aria-live="polite">
            {tickedSummary(tickedDistricts, { one: 'district', many: 'districts' })}
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
      <fieldset className="grid gap-2" aria-describedby={summaryId}>
        <legend className="mb-1 text-sm font-medium">
          {showDistricts ? 'Other locations' : 'Locations'}
        </legend>
        <p id={summaryId} className="text-sm" aria-live="polite">
          {tickedSummary(tickedNames, { one: 'café', many: 'cafés' })}
        </p>
        <SearchField
          label="Search cafés"
          placeholder="Café name or code"
          value={search}
          onChange={setSearch}
        />
        {groups.length === 0 ? (
          <p className="px-2 text-sm text-muted-foreground">No café matches “{search.trim()}”.</p>
        ) : (
          <div className="grid gap-1">
            {groups.map((group) => (
              <DistrictGroup
                key={group.district.id}
                district={group.district}
                locations={group.locations}
                ticked={ticked}
                tickedCount={group.tickedCount}
                open={words.length > 0 ? null : openDistricts.has(group.district.id)}
                onToggleOpen={() => toggleOpen(group.district.id)}
                onTick={tick}
              />
            ))}
          </div>
        )}
      </fieldset>
    </div>
  );
}
