import { locationRequiredMessage } from '../../../engine/src/operations.ts';
import { Alert, AlertDescription, AlertTitle } from '../components/ui/alert.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { LocationRequired } from '../features/home/components/location-required.tsx';
import { ParLockScreen } from '../features/par-lock/components/par-lock-screen.tsx';
import { PageHeader } from '../features/screens/components/page-header.tsx';
import { ScreenGate } from '../features/screens/components/screen-gate.tsx';
import { SCREENS } from '../features/screens/screen-catalogue.ts';
import { useValidSelectedLocation } from '../lib/queries/use-valid-selected-location.ts';
import { usePageTitle } from './use-page-title.ts';

function ParLock() {
  const selected = useValidSelectedLocation();
  if (selected.status === 'loading') {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading Par Lock" />
      </div>
    );
  }
  if (selected.status === 'error') {
    return (
      <Alert variant="destructive" className="mx-auto max-w-2xl">
        <AlertTitle>Your locations could not load</AlertTitle>
        <AlertDescription>Refresh the page to try again.</AlertDescription>
      </Alert>
    );
  }
  if (selected.status === 'none') {
    return (
      <>
        <PageHeader title={SCREENS.parLock.title} />
        <LocationRequired message={locationRequiredMessage(SCREENS.parLock.title)} />
      </>
    );
  }
  return <ParLockScreen key={selected.location.id} location={selected.location} />;
}

export default function ParLockPage() {
  usePageTitle(SCREENS.parLock.title);
  return (
    <ScreenGate title={SCREENS.parLock.title} permission={SCREENS.parLock.permission}>
      <ParLock />
    </ScreenGate>
  );
}
