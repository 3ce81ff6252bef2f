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
import type { PagePreload } from '@web/lib/route-preload.ts';
import { tabDisplayOrderQueryOptions } from '@web/lib/shared-reads/tab-display-order.ts';
import { uiSettingsQueryOptions } from '@web/lib/shared-reads/ui-settings.ts';
import { type ComponentType, lazy, Suspense } from 'react';
import { usePageTitle } from './use-page-title.ts';

const sectionRoute = getRouteApi('/admin/$');

/** Each section loads on its own, so opening one admin page does not fetch the code of all of them. */
function section<T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const UsersPage = lazy(async () => {
  const [{ UsersSection }, { RolesMatrix }] = await Promise.all([
    import('@web/features/admin/components/users/users-section.tsx'),
    import('@web/features/admin/components/users/roles-matrix.tsx'),
  ]);
  return {
    default: () => (
      <div className="grid gap-6">
        <UsersSection />
        <RolesMatrix />
      </div>
    ),
  };
});

const ProductsPage = lazy(async () => {
  const [{ ProductsSection }, { CategoryOrder }] = await Promise.all([
    import('@web/features/admin/components/products/products-section.tsx'),
    import('@web/features/admin/components/products/category-order.tsx'),
  ]);
  return {
    default: () => (
      <div className="grid gap-6">
        <ProductsSection />
        <CategoryOrder />
      </div>
    ),
  };
});

const UiPage = lazy(async () => {
  const [{ UiStylesEditor }, { TabOrderEditor }] = await Promise.all([
    import('@web/features/admin/components/ui-settings/ui-styles-editor.tsx'),
    import('@web/features/admin/components/ui-settings/tab-order-editor.tsx'),
  ]);
  return {
    default: () => (
      <div className="grid gap-6">
        <UiStylesEditor />
        <TabOrderEditor />
      </div>
    ),
  };
});

const SECTION_PAGES: Record<AdminSectionSlug, ComponentType> = {
  users: UsersPage,
  locations: section(
    () => import('@web/features/admin/components/locations/locations-section.tsx'),
    'LocationsSection',
  ),
  products: ProductsPage,
  tasks: section(() => import('@web/features/admin/components/tasks/tasks-section.tsx'), 'TasksSection'),
  ui: UiPage,
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
  const slug = section === null ? 'overview' : findAdminSection(section)?.slug;
  return slug ? SECTION_READS[slug] : () => [];
}

/** /admin: counts at a glance and every admin section. */
export function AdminPage() {
  usePageTitle(SCREENS.settings.title);
  return (
    <ScreenGate title={SCREENS.settings.title} permission={SCREENS.settings.permission}>
      <PageHeader title={SCREENS.settings.title} description={SCREENS.settings.description} />
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
  if (!found) return null;
  const Page = SECTION_PAGES[found.slug];
  return (
    <ScreenGate title={SCREENS.settings.title} permission={SCREENS.settings.permission}>
      <PageHeader eyebrow={SCREENS.settings.title} title={found.title} description={found.description} />
      <AdminLayout current={found.slug}>
        <Suspense fallback={<SectionLoading title={found.title} />}>
          <Page />
        </Suspense>
      </AdminLayout>
    </ScreenGate>
  );
}
