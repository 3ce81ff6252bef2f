import { DEMO_DISTRICTS, DEMO_LOCATIONS, type DemoLocation } from './demo-locations.ts';
import { DEMO_USERS } from './demo-users.ts';

/** Who works at a café: history rows name these people, so every row's actor could really have done it. */
export interface CafeStaffing {
  location: DemoLocation;
  timezone: string;
  /** Baristas and shift leads (emails). */
  staff: readonly string[];
  /** Café managers (emails). */
  managers: readonly string[];
  districtManager: string;
  /** The admin doubles as the chain's central purchaser who places approved orders with vendors. */
  purchaser: string;
}

function emailsOf(role: string, match: (user: (typeof DEMO_USERS)[number]) => boolean): string[] {
  return DEMO_USERS.filter((u) => u.role === role && match(u)).map((u) => u.email);
}

function only(emails: readonly string[], what: string): string {
  const [first] = emails;
  if (first === undefined) throw new Error(`Demo data has no ${what}`);
  return first;
}

export function demoStaffing(): CafeStaffing[] {
  const purchaser = only(
    emailsOf('admin', () => true),
    'admin',
  );
  return DEMO_LOCATIONS.map((location) => {
    const district = DEMO_DISTRICTS.find((d) => d.name === location.district);
    if (!district) throw new Error(`Demo location ${location.code} names an unknown district`);
    const managers = emailsOf('cafe_manager', (u) => u.locations.includes(location.code));
    const staff = emailsOf('staff', (u) => u.locations.includes(location.code));
    only(managers, `café manager for ${location.code}`);
    only(staff, `staff for ${location.code}`);
    return {
      location,
      timezone: district.timezone,
      staff,
      managers,
      districtManager: only(
        emailsOf('district_manager', (u) => u.districts.includes(location.district)),
        `district manager for ${location.district}`,
      ),
      purchaser,
    };
  });
}
