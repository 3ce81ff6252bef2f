import { useAutosaveStatus } from '@web/features/operations/hooks/use-autosave-status.ts';
import { type AutosaveSource, useAutosaveSelection } from '@web/lib/autosave/use-autosave-selection.ts';
import { useState } from 'react';
import { AutosaveBanner } from './autosave-banner.tsx';
import { AutosavePill } from './autosave-pill.tsx';

/** A screen's outbox as its frame shows it: the pill and the banner follow it themselves. */
export interface FrameAutosave {
  outbox: AutosaveSource<unknown>;
  itemName: (itemId: number) => string;
}

function useFrameStatus({ outbox, itemName }: FrameAutosave) {
  return useAutosaveStatus(
    useAutosaveSelection(outbox, (snapshot) => snapshot),
    itemName,
  );
}

/** The pill, rendered on each change of the outbox without the screen around it. */
export function FrameAutosavePill({ autosave }: { autosave: FrameAutosave }) {
  return <AutosavePill pill={useFrameStatus(autosave).pill} />;
}

/**
 * The banner, rendered on each change of the outbox without the screen around it. A hidden banner stays hidden
 * while the retrying lasts, however many more items wait; any other banner (saved, refused, signed out) shows.
 */
export function FrameAutosaveBanner({
  autosave,
  onRetry,
  onDismiss,
  onSendAgain,
}: {
  autosave: FrameAutosave;
  onRetry: () => void;
  onDismiss?: () => void;
  onSendAgain?: () => void;
}) {
  const { banner } = useFrameStatus(autosave);
  const [hidden, setHidden] = useState(false);
  const hideable = banner?.canHide === true;
  if (hidden && !hideable) setHidden(false);
  return (
    <AutosaveBanner
      banner={hidden && hideable ? null : banner}
      onRetry={onRetry}
      onDismiss={onDismiss}
      onSendAgain={onSendAgain}
      onHide={() => setHidden(true)}
    />
  );
}
