import { ComingSoonScreen } from '@web/features/screens/components/coming-soon-screen.tsx';
import { SCREENS } from '@web/features/screens/screen-catalogue.ts';
import { usePageTitle } from './use-page-title.ts';

export default function CafeOpsTrackerPage() {
  usePageTitle(SCREENS.cafeOpsTracker.title);
  return <ComingSoonScreen screen={SCREENS.cafeOpsTracker} />;
}
