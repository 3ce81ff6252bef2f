/** The admin area's sections (spec §2 subroutes), in the order the admin navigation lists them. */
export const ADMIN_SECTIONS = [
  {
    slug: 'users',
    title: 'Users',
    description: 'Invite people with a role and their locations, reset passwords and deactivate accounts.',
  },
  {
    slug: 'locations',
    title: 'Locations',
    description: 'Cafés and districts with their codes, time zones and Square locations.',
  },
  {
    slug: 'products',
    title: 'Products',
    description: 'The product catalogue, its categories and their order, with CSV import.',
  },
  {
    slug: 'tasks',
    title: 'Tasks',
    description: 'Daily and weekly checklists by role that feed the café and district ops trackers.',
  },
  {
    slug: 'ui',
    title: 'UI & Tabs',
    description: 'Brand styles with a live preview, and the order and visibility of the header’s tabs.',
  },
  {
    slug: 'square',
    title: 'Square',
    description: 'Connect Square, map its locations and catalogue items, and test the connection.',
  },
  {
    slug: 'api-health',
    title: 'API Health',
    description: 'Database latency, Square reachability, uptime, version and error rate.',
  },
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number];
export type AdminSectionSlug = AdminSection['slug'];

export function findAdminSection(slug: string | undefined): AdminSection | undefined {
  return ADMIN_SECTIONS.find((section) => section.slug === slug);
}
