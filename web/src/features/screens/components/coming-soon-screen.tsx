import type { ScreenDefinition } from '@web/features/screens/screen-catalogue.ts';
import { ComingSoonCard } from './coming-soon-card.tsx';
import { PageHeader } from './page-header.tsx';
import { ScreenGate } from './screen-gate.tsx';

/** A screen of requirements §2 that is not built yet: its title, what it will do, behind its permission. */
export function ComingSoonScreen({ screen }: { screen: ScreenDefinition }) {
  return (
    <ScreenGate title={screen.title} permission={screen.permission}>
      <PageHeader title={screen.title} />
      <ComingSoonCard description={screen.description} />
    </ScreenGate>
  );
}
