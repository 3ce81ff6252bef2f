import { useAutosaveStatus } from '@web/features/operations/hooks/use-autosave-status.ts';
import { type AutosaveSource, useAutosaveSelection } from '@web/lib/autosave/use-autosave-selection.ts';
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

/** The banner, rendered on each change of the outbox without the screen around it. */
export function FrameAutosaveBanner({
  autosave,
  onRetry,
  onDismiss,
}: {
  autosave: FrameAutosave;
  onRetry: () => void;
  onDismiss?: () => void;
}) {
  return <AutosaveBanner banner={useFrameStatus(autosave).banner} onRetry={onRetry} onDismiss={onDismiss} />;
}
