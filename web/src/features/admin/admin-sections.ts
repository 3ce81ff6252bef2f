import { Activity, ListTodo, type LucideIcon, MapPin, Package, Palette, Square, Users } from 'lucide-react';

/** The admin area's sections (spec §2 subroutes), in the order the admin navigation lists them. */
export const ADMIN_SECTIONS = [
  {
    slug: 'users',
    icon: Users as LucideIcon,
    title: 'Users',
    description: 'Invite people with a role and their locations, reset passwords and deactivate accounts.',
  },
  {
    slug: 'locations',
    icon: MapPin as LucideIcon,
    title: 'Locations',
    description: 'Cafés and districts with their codes, time zones and Square locations.',
  },
  {
    slug: 'products',
    icon: Package as LucideIcon,
    title: 'Products',
    description: 'The product catalogue, its categories and their order, with CSV import.',
  },
  {
    slug: 'tasks',
    icon: ListTodo as LucideIcon,
    title: 'Tasks',
    description: 'Daily and weekly checklists by role that feed the café and district ops trackers.',
  },
  {
    slug: 'ui',
    icon: Palette as LucideIcon,
    title: 'UI & Tabs',
    description: 'Brand styles with a live preview, and the order and visibility of the header’s tabs.',
  },
  {
    slug: 'square',
    icon: Square as LucideIcon,
    title: 'Square',
    description: 'Connect Square, map its locations and catalogue items, and test the connection.',
  },
  {
    slug: 'api-health',
    icon: Activity as LucideIcon,
    title: 'API Health',
    description: 'Database latency, Square reachability, uptime, version and error rate.',
  },
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number];
export type AdminSectionSlug = AdminSection['slug'];

export function findAdminSection(slug: string | undefined): AdminSection | undefined {
  return ADMIN_SECTIONS.find((section) => section.slug === slug);
}
