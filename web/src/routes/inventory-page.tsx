import { ComingSoonScreen } from '@web/features/screens/components/coming-soon-screen.tsx';
import { SCREENS } from '@web/features/screens/screen-catalogue.ts';
import { usePageTitle } from './use-page-title.ts';

export default function InventoryPage() {
  usePageTitle(SCREENS.inventory.title);
  return <ComingSoonScreen screen={SCREENS.inventory} />;
}
