import { Link } from '@tanstack/react-router';
import { ADMIN_SECTIONS, type AdminSectionSlug } from '@web/features/admin/admin-sections.ts';
import { cn } from '@web/lib/cn.ts';
import { LayoutGrid } from 'lucide-react';
import type { ReactNode } from 'react';

const linkClass =
  'flex shrink-0 items-center gap-2.5 rounded-md px-3 py-2 text-sm text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';

/**
 * The admin area's frame: its sections as a side list on wide screens and a scrolling row on phones,
 * so every section is one tap away without a nested menu.
 */
export function AdminLayout({
  current,
  children,
}: {
  current: AdminSectionSlug | null;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
      <nav aria-label="Settings sections" className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
        <ul className="flex gap-1 lg:flex-col">
          <li>
            <Link
              to="/admin"
              aria-current={current === null ? 'page' : undefined}
              className={cn(linkClass, current === null && 'bg-accent font-medium text-foreground')}
            >
              <LayoutGrid aria-hidden className="size-4" />
              Overview
            </Link>
          </li>
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.slug}>
              <Link
                to="/admin/$"
                params={{ _splat: section.slug }}
                aria-current={current === section.slug ? 'page' : undefined}
                className={cn(linkClass, current === section.slug && 'bg-accent font-medium text-foreground')}
              >
                <section.icon aria-hidden className="size-4" />
                {section.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
