/** Two districts of a small café chain, three cafés each, in the districts' own time zones. */

/** Sizes scale PARs and decide which cafés carry the bulkier retail and cold-brew lines. */
export type CafeSize = 'small' | 'medium' | 'large';

export interface DemoDistrict {
  name: string;
  timezone: string;
}

export interface DemoLocation {
  code: string;
  name: string;
  district: string;
  size: CafeSize;
}

export const DEMO_DISTRICTS: readonly DemoDistrict[] = [
  { name: 'Downtown', timezone: 'America/New_York' },
  { name: 'Northside', timezone: 'America/Chicago' },
];

export const DEMO_LOCATIONS: readonly DemoLocation[] = [
  { code: 'DT-01', name: 'Harbor Street Café', district: 'Downtown', size: 'large' },
  { code: 'DT-02', name: 'Market Hall Coffee Bar', district: 'Downtown', size: 'medium' },
  { code: 'DT-03', name: 'Courthouse Corner Kiosk', district: 'Downtown', size: 'small' },
  { code: 'NS-01', name: 'Maple Park Roastery Café', district: 'Northside', size: 'large' },
  { code: 'NS-02', name: 'Lakeview Commons', district: 'Northside', size: 'medium' },
  { code: 'NS-03', name: 'Northgate Station Kiosk', district: 'Northside', size: 'small' },
];

export const SIZE_PAR_FACTOR: Record<CafeSize, number> = { small: 0.6, medium: 1, large: 1.5 };
