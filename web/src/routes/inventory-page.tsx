import { ComingSoonScreen } from '../features/screens/components/coming-soon-screen.tsx';
import { SCREENS } from '../features/screens/screen-catalogue.ts';
import { usePageTitle } from './use-page-title.ts';

export default function InventoryPage() {
  usePageTitle(SCREENS.inventory.title);
  return <ComingSoonScreen screen={SCREENS.inventory} />;
}
