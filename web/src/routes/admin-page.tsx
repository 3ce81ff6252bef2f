import { getRouteApi } from '@tanstack/react-router';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { type AdminSectionSlug, findAdminSection } from '@web/features/admin/admin-sections.ts';
import { adminCategoriesQueryOptions } from '@web/features/admin/api/admin-categories.ts';
import { adminDistrictsQueryOptions } from '@web/features/admin/api/admin-districts.ts';
import { adminLocationsQueryOptions } from '@web/features/admin/api/admin-locations.ts';
import { adminProductsQueryOptions } from '@web/features/admin/api/admin-products.ts';
import { adminRolesQueryOptions } from '@web/features/admin/api/admin-roles.ts';
import { adminTasksQueryOptions } from '@web/features/admin/api/admin-tasks.ts';
import { adminUsersQueryOptions } from '@web/features/admin/api/admin-users.ts';
import { apiHealthQueryOptions } from '@web/features/admin/api/api-health.ts';
import { auditLogEntitiesQueryOptions } from '@web/features/admin/api/audit-log-entities.ts';
import { squareOverviewQueryOptions } from '@web/features/admin/api/square.ts';
import { AdminLayout } from '@web/features/admin/components/admin-layout.tsx';
import { AdminOverview } from '@web/features/admin/components/admin-overview.tsx';
import { PageHeader } from '@web/features/screens/components/page-header.tsx';
import { ScreenGate } from '@web/features/screens/components/screen-gate.tsx';
import { SCREENS } from '@web/features/screens/screen-catalogue.ts';
import { type LoadedModule, loadedModule, useLoadedModule } from '@web/lib/loaded-module.ts';
import type { PagePreload } from '@web/lib/route-preload.ts';
import { tabDisplayOrderQueryOptions } from '@web/lib/shared-reads/tab-display-order.ts';
import { uiSettingsQueryOptions } from '@web/lib/shared-reads/ui-settings.ts';
import type { ComponentType } from 'react';
import { usePageTitle } from './use-page-title.ts';

const sectionRoute = getRouteApi('/admin/$');

/**
 * Each section loads on its own, so opening one admin page does not fetch the code of all of them. A section
 * renders as soon as its chunk has arrived, without a Suspense boundary: React would hold the reveal until
 * 300 ms after the "loading" state appeared, however soon the chunk came (decision 058).
 */
function section<T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T) {
  return loadedModule(async () => (await load())[name] as ComponentType);
}

/** Two parts of one admin page, loaded together and shown one above the other. */
function stacked(load: () => Promise<[ComponentType, ComponentType]>) {
  return loadedModule(async (): Promise<ComponentType> => {
    const [Upper, Lower] = await load();
    // A column, not a grid: a grid's one column would be as wide as its widest part's longest line, wider than
    // a 320 px phone.
    return () => (
      <div className="flex flex-col gap-6">
        <Upper />
        <Lower />
      </div>
    );
  });
}

const SECTION_PAGES: Record<AdminSectionSlug, LoadedModule<ComponentType>> = {
  users: stacked(() =>
    Promise.all([
      import('@web/features/admin/components/users/users-section.tsx').then((m) => m.UsersSection),
      import('@web/features/admin/components/users/roles-matrix.tsx').then((m) => m.RolesMatrix),
    ]),
  ),
  locations: section(
    () => import('@web/features/admin/components/locations/locations-section.tsx'),
    'LocationsSection',
  ),
  products: stacked(() =>
    Promise.all([
      import('@web/features/admin/components/products/products-section.tsx').then((m) => m.ProductsSection),
      import('@web/features/admin/components/products/category-order.tsx').then((m) => m.CategoryOrder),
    ]),
  ),
  tasks: section(() => import('@web/features/admin/components/tasks/tasks-section.tsx'), 'TasksSection'),
  ui: stacked(() =>
    Promise.all([
      import('@web/features/admin/components/ui-settings/ui-styles-editor.tsx').then((m) => m.UiStylesEditor),
      import('@web/features/admin/components/ui-settings/tab-order-editor.tsx').then((m) => m.TabOrderEditor),
    ]),
  ),
  square: section(() => import('@web/features/admin/components/square/square-section.tsx'), 'SquareSection'),
  'api-health': section(
    () => import('@web/features/admin/components/api-health/api-health-section.tsx'),
    'ApiHealthSection',
  ),
  'audit-log': section(
    () => import('@web/features/admin/components/audit-log/audit-log-section.tsx'),
    'AuditLogSection',
  ),
};

function SectionLoading({ title }: { title: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner label={`Loading ${title}`} />
    </div>
  );
}

/** The reads of each admin page, started while its code loads (the overview's first). */
const SECTION_READS: Record<AdminSectionSlug | 'overview', PagePreload> = {
  overview: () => [adminUsersQueryOptions(), adminLocationsQueryOptions(), adminProductsQueryOptions()],
  users: () => [
    adminUsersQueryOptions(),
    adminRolesQueryOptions(),
    adminLocationsQueryOptions(),
    adminDistrictsQueryOptions(),
  ],
  locations: () => [adminLocationsQueryOptions(), adminDistrictsQueryOptions()],
  products: () => [adminProductsQueryOptions(), adminCategoriesQueryOptions()],
  tasks: () => [adminTasksQueryOptions()],
  ui: () => [tabDisplayOrderQueryOptions(), uiSettingsQueryOptions()],
  square: () => [squareOverviewQueryOptions()],
  'api-health': () => [apiHealthQueryOptions()],
  'audit-log': () => [auditLogEntitiesQueryOptions(), adminUsersQueryOptions(), adminLocationsQueryOptions()],
};

export function preloadAdmin(section: string | null): PagePreload {
  if (section === null) return SECTION_READS.overview;
  const slug = findAdminSection(section)?.slug;
  if (!slug) return () => [];
  return (context) => {
    // The section's code beside its reads; a failure here is left to the page, which loads it again and says so.
    SECTION_PAGES[slug].load().catch(() => {});
    return SECTION_READS[slug](context);
  };
}

const SETTINGS_DESCRIPTION =
  'Users, locations, products, tasks, styles, Square and the health of the service.';

/** /admin: counts at a glance and every admin section. */
export function AdminPage() {
  usePageTitle(SCREENS.settings.title);
  return (
    <ScreenGate title={SCREENS.settings.title} permission={SCREENS.settings.permission}>
      <PageHeader title={SCREENS.settings.title} description={SETTINGS_DESCRIPTION} />
      <AdminLayout current={null}>
        <AdminOverview />
      </AdminLayout>
    </ScreenGate>
  );
}

/** /admin/{section}; the route has already sent unknown sections back to /admin. */
export function AdminSectionPage() {
  const { _splat } = sectionRoute.useParams();
  const found = findAdminSection(_splat);
  usePageTitle(found?.title ?? SCREENS.settings.title);
  const Page = useLoadedModule(SECTION_PAGES[found?.slug ?? 'users'], found !== undefined);
  if (!found) return null;
  return (
    <ScreenGate title={SCREENS.settings.title} permission={SCREENS.settings.permission}>
      <PageHeader eyebrow={SCREENS.settings.title} title={found.title} description={found.description} />
      <AdminLayout current={found.slug}>
        {Page ? <Page /> : <SectionLoading title={found.title} />}
      </AdminLayout>
    </ScreenGate>
  );
}
