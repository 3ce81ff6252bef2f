import { Link } from '@tanstack/react-router';
import { Card } from '@web/components/ui/card.tsx';
import { ReadFailed } from '@web/components/ui/read-failed.tsx';
import { ADMIN_SECTIONS, type AdminSectionSlug } from '@web/features/admin/admin-sections.ts';
import { useAdminLocations } from '@web/features/admin/api/admin-locations.ts';
import { useAdminProducts } from '@web/features/admin/api/admin-products.ts';
import { useAdminUsers } from '@web/features/admin/api/admin-users.ts';
import { ChevronRight, MapPin, Package, Users } from 'lucide-react';
import type { ReactNode } from 'react';

function Count({
  icon,
  label,
  slug,
  query,
  detail,
}: {
  icon: ReactNode;
  label: string;
  slug: AdminSectionSlug;
  query: { data?: unknown; isError: boolean };
  detail: { count: number; note: string } | null;
}) {
  return (
    <Link
      to="/admin/$"
      params={{ _splat: slug }}
      className="group rounded-[var(--ui-card-radius,var(--radius))] outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Card className="h-full gap-1 px-4 transition-colors group-hover:border-input group-hover:bg-accent/40">
        <span className="flex items-center justify-between text-sm text-muted-foreground">
          <span className="flex items-center gap-2">
            {icon}
            {label}
          </span>
          <ChevronRight aria-hidden className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
        <span className="text-3xl tabular-nums tracking-tight text-foreground">
          {detail ? detail.count : query.isError ? '—' : '…'}
        </span>
        <span className="text-xs text-muted-foreground">
          {detail ? detail.note : query.isError ? 'Could not load' : 'Loading'}
        </span>
      </Card>
    </Link>
  );
}

/** The admin landing: how many people, cafés and products there are, and every section with what it is for. */
export function AdminOverview() {
  const users = useAdminUsers();
  const locations = useAdminLocations();
  const products = useAdminProducts();

  const activeUsers = users.data?.filter((user) => user.active).length;
  const activeLocations = locations.data?.filter((location) => location.active).length;
  const inUse = products.data?.filter((product) => product.retiredAt === null).length;

  const failed = [users, locations, products].filter((query) => query.isError);

  return (
    <div className="grid gap-6">
      {failed.length > 0 ? (
        <ReadFailed
          title="Some counts could not load"
          error={failed[0]?.error}
          onRetry={() => Promise.all(failed.map((query) => query.refetch()))}
        />
      ) : null}
      <section aria-label="At a glance" className="grid gap-3 sm:grid-cols-3">
        <Count
          icon={<Users aria-hidden className="size-4" />}
          label="Users"
          slug="users"
          query={users}
          detail={
            users.data && activeUsers !== undefined
              ? { count: activeUsers, note: `active · ${users.data.length - activeUsers} deactivated` }
              : null
          }
        />
        <Count
          icon={<MapPin aria-hidden className="size-4" />}
          label="Locations"
          slug="locations"
          query={locations}
          detail={
            locations.data && activeLocations !== undefined
              ? {
                  count: activeLocations,
                  note: `active · ${locations.data.length - activeLocations} inactive`,
                }
              : null
          }
        />
        <Count
          icon={<Package aria-hidden className="size-4" />}
          label="Products"
          slug="products"
          query={products}
          detail={
            products.data && inUse !== undefined
              ? { count: inUse, note: `in use · ${products.data.length - inUse} retired` }
              : null
          }
        />
      </section>
      <ul className="grid gap-3 sm:grid-cols-2">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.slug}>
            <Link
              to="/admin/$"
              params={{ _splat: section.slug }}
              className="group flex h-full items-start gap-4 rounded-[var(--ui-card-radius,var(--radius))] border-[length:var(--ui-border-width,2px)] border-border bg-card p-4 shadow-xs outline-none transition-colors hover:border-input hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <section.icon aria-hidden className="size-[1.125rem]" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2 font-medium text-foreground">
                  {section.title}
                  <ChevronRight
                    aria-hidden
                    className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                  />
                </span>
                <span className="mt-1 block text-sm text-muted-foreground">{section.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
