import {
  type AutosaveStatus,
  autosaveStatus,
  SAVED_BANNER_MS,
} from '@web/features/operations/model/autosave-status.ts';
import type { AutosaveSnapshot } from '@web/lib/autosave/autosave-queue.ts';
import { useEffect, useMemo, useState } from 'react';

/** The pill and banner for a snapshot; re-renders once more when 'All changes saved' should go away. */
export function useAutosaveStatus(
  snapshot: AutosaveSnapshot<unknown>,
  itemName: (itemId: number) => string,
): AutosaveStatus {
  const [now, setNow] = useState(() => Date.now());
  const { savedAt } = snapshot;
  useEffect(() => {
    setNow(Date.now());
    if (savedAt === null) return;
    const remaining = savedAt + SAVED_BANNER_MS - Date.now();
    if (remaining <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), remaining + 20);
    return () => clearTimeout(timer);
  }, [savedAt]);
  return useMemo(
    () => autosaveStatus(snapshot, { now: Math.max(now, snapshot.savedAt ?? 0), itemName }),
    [snapshot, now, itemName],
  );
}
