import type { SquareOverview } from '@engine/square-schemas.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { NativeSelect } from '@web/components/ui/native-select.tsx';
import { useMapSquareLocation } from '@web/features/admin/api/square.ts';
import { MutationError } from '@web/features/admin/components/common/mutation-error.tsx';
import {
  HeaderCell,
  ResponsiveCell,
  ResponsiveRow,
  ResponsiveTable,
  ResponsiveTableBody,
  ResponsiveTableHead,
} from '@web/features/admin/components/common/responsive-table.tsx';
import { SectionCard } from '@web/features/admin/components/common/section-card.tsx';

export function MappedByBadge({ mappedBy, paired }: { mappedBy: 'auto' | 'hand' | null; paired: boolean }) {
  if (mappedBy === null) return null;
  return (
    <Badge variant="outline" className="font-normal">
      {mappedBy === 'auto' ? 'Matched by sync' : paired ? 'Paired by hand' : 'Unpaired by hand'}
    </Badge>
  );
}

/** Each café beside the Square location whose figures are its own; matched by code then name, editable. */
export function SquareLocationMapping({ overview }: { overview: SquareOverview }) {
  const map = useMapSquareLocation();
  const taken = new Map(
    overview.locations.flatMap((l) => (l.squareLocationId ? [[l.squareLocationId, l.name]] : [])),
  );
  return (
    <SectionCard
      title="Locations"
      headingId="square-locations"
      description="Each café reads Square’s figures from the Square location paired with it. A sync pairs them by code, then by name; a pairing made here is never changed by a sync."
    >
      <div className="grid gap-3">
        <MutationError error={map.error} />
        {overview.squareLocations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No Square locations yet: use Sync now to read them.</p>
        ) : null}
        <ResponsiveTable>
          <ResponsiveTableHead>
            <tr>
              <HeaderCell>Café</HeaderCell>
              <HeaderCell>Square location</HeaderCell>
              <HeaderCell>How</HeaderCell>
            </tr>
          </ResponsiveTableHead>
          <ResponsiveTableBody>
            {overview.locations.map((location) => (
              <ResponsiveRow key={location.locationId} data-testid="square-location-row">
                <ResponsiveCell primary>
                  <span className="font-medium">{location.name}</span>{' '}
                  <span className="text-muted-foreground">{location.code}</span>
                </ResponsiveCell>
                <ResponsiveCell label="Square location">
                  <NativeSelect
                    className="flex w-full"
                    aria-label={`Square location of ${location.name}`}
                    value={location.squareLocationId ?? ''}
                    disabled={map.isPending}
                    onChange={(event) =>
                      map.mutate({
                        locationId: location.locationId,
                        squareLocationId: event.target.value || null,
                      })
                    }
                  >
                    <option value="">Not paired</option>
                    {location.squareLocationId && location.squareLocationName === null ? (
                      <option
                        value={location.squareLocationId}
                      >{`${location.squareLocationId} (no longer listed)`}</option>
                    ) : null}
                    {overview.squareLocations.map((square) => {
                      const other = taken.get(square.id);
                      return (
                        <option
                          key={square.id}
                          value={square.id}
                          disabled={other !== undefined && other !== location.name}
                        >
                          {other && other !== location.name
                            ? `${square.name} (paired with ${other})`
                            : square.name}
                        </option>
                      );
                    })}
                  </NativeSelect>
                </ResponsiveCell>
                <ResponsiveCell label="How">
                  <MappedByBadge mappedBy={location.mappedBy} paired={location.squareLocationId !== null} />
                </ResponsiveCell>
              </ResponsiveRow>
            ))}
          </ResponsiveTableBody>
        </ResponsiveTable>
      </div>
    </SectionCard>
  );
}
