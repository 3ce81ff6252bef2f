import {
  Activity,
  History,
  ListTodo,
  type LucideIcon,
  MapPin,
  Package,
  Palette,
  Square,
  Users,
} from 'lucide-react';

/** The admin area's sections (requirements §2 subroutes), in the order the admin navigation lists them. */
export const ADMIN_SECTIONS = [
  {
    slug: 'users',
    icon: Users as LucideIcon,
    title: 'Users',
    description:
      'Invite people with a role and their locations, reset passwords, deactivate accounts, and set what each role may do.',
  },
  {
    slug: 'locations',
    icon: MapPin as LucideIcon,
    title: 'Locations',
    description: 'Cafés grouped by district, with their codes, time zones and whether they are active.',
  },
  {
    slug: 'products',
    icon: Package as LucideIcon,
    title: 'Products',
    description: 'The product catalogue with CSV import, retired products, and the order of categories.',
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
    description:
      'The Square connection, its locations and catalog paired with Parstock’s, sync, and the variance Nightly Counts mark.',
  },
  {
    slug: 'api-health',
    icon: Activity as LucideIcon,
    title: 'API Health',
    description: 'Database latency, uptime, version, recent error rate and Square status.',
  },
  {
    slug: 'audit-log',
    icon: History as LucideIcon,
    title: 'Audit Log',
    description: 'Every change with who made it, when, where, and what it was before and after.',
  },
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number];
export type AdminSectionSlug = AdminSection['slug'];

export function findAdminSection(slug: string | undefined): AdminSection | undefined {
  return ADMIN_SECTIONS.find((section) => section.slug === slug);
}
