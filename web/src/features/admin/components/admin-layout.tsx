import { Link } from '@tanstack/react-router';
import { ADMIN_SECTIONS, type AdminSectionSlug } from '@web/features/admin/admin-sections.ts';
import { cn } from '@web/lib/cn.ts';
import { LayoutGrid } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';

const linkClass =
  'flex shrink-0 items-center whitespace-nowrap gap-2.5 rounded-md px-3 py-2 text-sm text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';

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
  const nav = useRef<HTMLElement>(null);
  useEffect(() => showSection(nav.current, current ?? 'overview'), [current]);
  return (
    <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
      <nav ref={nav} aria-label="Settings sections" className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
        <ul className="flex gap-1 lg:flex-col">
          <li>
            <Link
              to="/admin"
              data-section="overview"
              // The router counts /admin as active on every section below it; only the overview itself is current.
              activeOptions={{ exact: true }}
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
                data-section={section.slug}
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

/**
 * On a phone the sections are a row wider than the screen: the open one is scrolled to the row's middle, so a deep
 * link or a tap near the edge does not leave the person on a page whose tab is out of sight. Only the row scrolls,
 * never the page (`scrollIntoView` would move the page too).
 */
function showSection(row: HTMLElement | null, slug: string): void {
  const item = row?.querySelector<HTMLElement>(`[data-section="${slug}"]`);
  if (!row || !item || row.scrollWidth <= row.clientWidth) return;
  const rowBox = row.getBoundingClientRect();
  const itemBox = item.getBoundingClientRect();
  row.scrollLeft += itemBox.left - rowBox.left - (rowBox.width - itemBox.width) / 2;
}
