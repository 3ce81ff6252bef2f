import { getRouteApi } from '@tanstack/react-router';
import { findAdminSection } from '../features/admin/admin-sections.ts';
import { AdminLayout } from '../features/admin/components/admin-layout.tsx';
import { AdminOverview } from '../features/admin/components/admin-overview.tsx';
import { ComingSoonCard } from '../features/screens/components/coming-soon-card.tsx';
import { PageHeader } from '../features/screens/components/page-header.tsx';
import { ScreenGate } from '../features/screens/components/screen-gate.tsx';
import { SCREENS } from '../features/screens/screen-catalogue.ts';
import { usePageTitle } from './use-page-title.ts';

const sectionRoute = getRouteApi('/admin/$');

/** /admin: the overview of every admin section. */
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
  const section = findAdminSection(_splat);
  usePageTitle(section?.title ?? SCREENS.settings.title);
  if (!section) return null;
  return (
    <ScreenGate title={SCREENS.settings.title} permission={SCREENS.settings.permission}>
      <PageHeader eyebrow={SCREENS.settings.title} title={section.title} />
      <AdminLayout current={section.slug}>
        <ComingSoonCard description={section.description} />
      </AdminLayout>
    </ScreenGate>
  );
}
