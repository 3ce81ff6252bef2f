import type { AdminDistrict, AdminLocation } from '@engine/admin-location-schemas.ts';
import { endedClosures } from '@engine/cafe-open-days.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { useAdminDistricts } from '@web/features/admin/api/admin-districts.ts';
import { useAdminLocations } from '@web/features/admin/api/admin-locations.ts';
import { allOf, QueryState } from '@web/features/admin/components/common/query-state.tsx';
import { SectionCard } from '@web/features/admin/components/common/section-card.tsx';
import { useDialogTarget } from '@web/features/admin/hooks/use-dialog-target.ts';
import { Building2, MapPin, Pencil, Plus } from 'lucide-react';
import { Fragment } from 'react';
import { DistrictFormDialog } from './district-form-dialog.tsx';
import { LocationFormDialog } from './location-form-dialog.tsx';

function LocationRow({ location, onEdit }: { location: AdminLocation; onEdit: () => void }) {
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <span className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground sm:inline-flex">
        <MapPin aria-hidden className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-foreground">
          <span className="min-w-0">{location.name}</span>
          {location.active ? null : (
            <Badge variant="outline" className="text-muted-foreground">
              Inactive
            </Badge>
          )}
        </p>
        <p className="text-sm text-muted-foreground">
          <span className="font-mono text-xs">{location.code}</span> · {location.timezone.replace(/_/g, ' ')}
          {location.closedOn ? <> · closed on {location.closedOn}</> : null}
        </p>
        <ClosedBefore location={location} />
      </div>
      <Button variant="outline" size="sm" aria-label={`Edit ${location.name}`} onClick={onEdit}>
        <Pencil aria-hidden className="sm:hidden" />
        <span className="max-sm:sr-only">Edit</span>
      </Button>
    </li>
  );
}

/**
 * The spells a café was closed and opened again after (decision 117), so an admin can see what the reports leave
 * out: "Closed before: 2026-11-01 until 2027-03-01".
 */
function ClosedBefore({ location }: { location: AdminLocation }) {
  const closures = endedClosures(location.closedSpells);
  if (closures.length === 0) return null;
  return (
    <p className="text-xs text-muted-foreground">
      Closed before:{' '}
      {closures.map(({ closedOn, reopenedOn }, index) => (
        // A spell's dates never break; the line wraps between spells.
        <Fragment key={closedOn}>
          {index > 0 ? ' · ' : null}
          <span className="whitespace-nowrap">
            {closedOn} until {reopenedOn}
          </span>
        </Fragment>
      ))}
    </p>
  );
}

/** Cafés grouped by district: create and edit both. */
export function LocationsSection() {
  const locations = useAdminLocations();
  const districts = useAdminDistricts();
  const locationForm = useDialogTarget<{ location: AdminLocation | null; districtId: number | null }>();
  const districtForm = useDialogTarget<AdminDistrict>();

  const ready = locations.data && districts.data;
  return (
    <SectionCard
      title="Cafés by district"
      description="Every location with its code and time zone. Inactive cafés keep their history."
      actions={
        <>
          <Button variant="outline" onClick={() => districtForm.openFor(null)}>
            <Building2 aria-hidden />
            New district
          </Button>
          <Button
            disabled={!districts.data?.length}
            onClick={() => locationForm.openFor({ location: null, districtId: null })}
          >
            <Plus aria-hidden />
            New location
          </Button>
        </>
      }
    >
      <QueryState query={allOf(locations, districts)} label="locations" />
      {ready ? (
        <div className="grid grid-cols-1 gap-4">
          {districts.data.map((district) => {
            const inDistrict = locations.data.filter((location) => location.districtId === district.id);
            const headingId = `district-${district.id}`;
            return (
              <section
                key={district.id}
                aria-labelledby={headingId}
                className="rounded-[var(--ui-card-radius,var(--radius))] border bg-background"
              >
                <div className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
                  <h3 id={headingId} className="min-w-0 text-sm">
                    {district.name}{' '}
                    <span className="font-normal text-muted-foreground">
                      · {inDistrict.length} café{inDistrict.length === 1 ? '' : 's'}
                    </span>
                  </h3>
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Rename ${district.name}`}
                      onClick={() => districtForm.openFor(district)}
                    >
                      Rename
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Add a location to ${district.name}`}
                      onClick={() => locationForm.openFor({ location: null, districtId: district.id })}
                    >
                      <Plus aria-hidden />
                      <span className="max-sm:sr-only">Add</span>
                    </Button>
                  </div>
                </div>
                {inDistrict.length > 0 ? (
                  <ul className="divide-y px-4 py-3">
                    {inDistrict.map((location) => (
                      <LocationRow
                        key={location.id}
                        location={location}
                        onEdit={() => locationForm.openFor({ location, districtId: null })}
                      />
                    ))}
                  </ul>
                ) : (
                  <p className="px-4 py-4 text-sm text-muted-foreground">No cafés in this district yet.</p>
                )}
              </section>
            );
          })}
        </div>
      ) : null}
      {districts.data ? (
        <LocationFormDialog
          {...locationForm.dialog}
          location={locationForm.value?.location ?? null}
          districts={districts.data}
          defaultDistrictId={locationForm.value?.districtId ?? null}
        />
      ) : null}
      <DistrictFormDialog {...districtForm.dialog} district={districtForm.value} />
    </SectionCard>
  );
}
