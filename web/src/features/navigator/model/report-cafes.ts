import type { Location } from '@engine/api-schemas.ts';
import type { ReportDistrict } from '@engine/endpoints/report-endpoints.ts';
import { closedCafeLabel } from '@engine/reports/closed-cafes.ts';
import type { ReportLocation } from '@engine/reports/report-query.ts';

/** A closed café as the report filter reads it: the day it closed, when kept (decision 114). */
export type ClosedCafe = Location & { closedOn?: string | null };

/**
 * The cafés the report filter offers: the user's open cafés, then the closed ones whose history their reports
 * still read (decision 103), each named "(closed)", with the day it closed when kept, so a reader can tell; with a district chosen, its cafés only.
 */
export function reportCafeChoices(
  open: readonly Location[],
  closed: readonly ClosedCafe[],
  district: ReportDistrict | undefined,
): Location[] {
  const openIds = new Set(open.map((cafe) => cafe.id));
  const all = [
    ...open,
    ...closed
      .filter((cafe) => !openIds.has(cafe.id))
      .map((cafe) => ({ ...cafe, name: closedCafeLabel(cafe.name, cafe.closedOn ?? null) })),
  ];
  return district ? all.filter((cafe) => district.locationIds.includes(cafe.id)) : all;
}

/** What the report's summary says it covers: a café by name ("(closed)" when it is), or how many, closed ones said. */
export function coveredCafes(locations: readonly ReportLocation[]): string {
  if (locations.length === 0) return 'no open café';
  if (locations.length === 1) {
    const [cafe] = locations as [ReportLocation];
    return cafe.active ? cafe.name : closedCafeLabel(cafe.name, cafe.closedOn);
  }
  const closed = locations.filter((cafe) => !cafe.active).length;
  return `${locations.length} cafés${closed === 0 ? '' : `, ${closed} of them closed`}`;
}
