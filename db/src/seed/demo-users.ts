import type { RoleKey } from '@engine/permissions.ts';

/** Everyone in the demo signs in with this password; the README and the sign-in page's hint say so. */
export const DEMO_PASSWORD = 'parstock-demo';

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  role: RoleKey;
  locations: readonly string[];
  districts: readonly string[];
}

/**
 * The first four are the documented demo sign-ins, one per role. The rest staff the other cafés so that
 * history (who counted, who ordered, who approved) varies the way it does in a real chain.
 */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'admin@parstock.test',
    firstName: 'Dana',
    lastName: 'Whitfield',
    role: 'admin',
    locations: [],
    districts: [],
  },
  {
    email: 'district@parstock.test',
    firstName: 'Marcus',
    lastName: 'Bell',
    role: 'district_manager',
    locations: [],
    districts: ['Downtown'],
  },
  {
    email: 'manager@parstock.test',
    firstName: 'Priya',
    lastName: 'Raman',
    role: 'cafe_manager',
    locations: ['DT-01', 'DT-02'],
    districts: [],
  },
  {
    email: 'staff@parstock.test',
    firstName: 'Leo',
    lastName: 'Castillo',
    role: 'staff',
    locations: ['DT-02', 'DT-03'],
    districts: [],
  },
  {
    email: 'hannah.brooks@parstock.test',
    firstName: 'Hannah',
    lastName: 'Brooks',
    role: 'district_manager',
    locations: [],
    districts: ['Northside'],
  },
  {
    email: 'sam.okafor@parstock.test',
    firstName: 'Sam',
    lastName: 'Okafor',
    role: 'cafe_manager',
    locations: ['DT-03'],
    districts: [],
  },
  {
    email: 'jordan.meyer@parstock.test',
    firstName: 'Jordan',
    lastName: 'Meyer',
    role: 'cafe_manager',
    locations: ['NS-01', 'NS-02'],
    districts: [],
  },
  {
    email: 'elena.vasquez@parstock.test',
    firstName: 'Elena',
    lastName: 'Vasquez',
    role: 'cafe_manager',
    locations: ['NS-03'],
    districts: [],
  },
  {
    email: 'maria.gomez@parstock.test',
    firstName: 'Maria',
    lastName: 'Gomez',
    role: 'staff',
    locations: ['DT-01'],
    districts: [],
  },
  {
    email: 'tyler.nguyen@parstock.test',
    firstName: 'Tyler',
    lastName: 'Nguyen',
    role: 'staff',
    locations: ['NS-01', 'NS-02'],
    districts: [],
  },
  {
    email: 'aisha.patel@parstock.test',
    firstName: 'Aisha',
    lastName: 'Patel',
    role: 'staff',
    locations: ['NS-02', 'NS-03'],
    districts: [],
  },
];

/** The documented sign-ins, one per role, for the README and the CLI's seed summary. */
export const DEMO_SIGN_INS: readonly Pick<DemoUser, 'email' | 'role'>[] = [
  'admin@parstock.test',
  'district@parstock.test',
  'manager@parstock.test',
  'staff@parstock.test',
].map((email) => {
  const user = DEMO_USERS.find((u) => u.email === email);
  if (!user) throw new Error(`Demo sign-in ${email} is not a demo user`);
  return { email: user.email, role: user.role };
});
