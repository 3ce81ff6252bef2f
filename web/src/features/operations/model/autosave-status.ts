import type { AutosaveSnapshot } from '@web/lib/autosave/autosave-queue.ts';

export type PillTone = 'saving' | 'unsaved' | 'saved' | 'ready';
export type BannerTone = 'info' | 'success' | 'warning' | 'destructive';

export interface AutosaveStatus {
  pill: { text: string; tone: PillTone };
  banner: {
    tone: BannerTone;
    text: string;
    details: string[];
    /** Waiting can fix it: 'Retry now' sends at once. */
    canRetry: boolean;
    /** Refused for good: nothing to retry, only to read and dismiss. */
    canDismiss: boolean;
    /**
     * Retrying with the changes kept on the device: the person may put the banner away while it lasts (a phone
     * with no network would otherwise have the screen's title row, pill and back button covered), and the pill
     * and the rows' 'Unsaved' marks still say it (decision 085).
     */
    canHide: boolean;
  } | null;
}

/** How long 'All changes saved' stays after the last save. */
export const SAVED_BANNER_MS = 3000;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The autosave wording of the requirements (§2, §4): the pill says 'Saving...', 'N unsaved', 'Saved' or 'Ready'; the
 * banner says 'Saving N changes...', 'All changes saved' or 'N items failed to save - retrying...'. A refusal
 * and a signed-out session get a banner of their own, since neither clears up by waiting. Refused changes are
 * counted apart from the ones still retrying: they are not retried, and offer no 'Retry now', only 'Dismiss'.
 */
export function autosaveStatus(
  snapshot: AutosaveSnapshot<unknown>,
  options: { now: number; itemName: (itemId: number) => string },
): AutosaveStatus {
  const unsaved = snapshot.pending + snapshot.refused;
  const pill: AutosaveStatus['pill'] =
    snapshot.saving > 0 && !snapshot.failing
      ? { text: 'Saving...', tone: 'saving' }
      : unsaved > 0
        ? { text: `${unsaved} unsaved`, tone: 'unsaved' }
        : snapshot.savedAt !== null
          ? { text: 'Saved', tone: 'saved' }
          : { text: 'Ready', tone: 'ready' };

  const refusals = [...snapshot.entries.values()]
    .filter((entry) => entry.refused !== undefined)
    .map((entry) => `${options.itemName(entry.itemId)}: ${entry.refused}`);
  const refusedApart =
    refusals.length > 0
      ? [`${plural(refusals.length, 'change was', 'changes were')} refused and will not be retried.`]
      : [];

  let banner: AutosaveStatus['banner'] = null;
  if (snapshot.blocked?.kind === 'unauthorized') {
    banner = {
      tone: 'destructive',
      text: snapshot.blocked.message,
      details: [`${plural(unsaved, 'change is', 'changes are')} kept on this device until then.`],
      canRetry: true,
      canDismiss: false,
      canHide: false,
    };
  } else if (snapshot.blocked) {
    // The screen explains a restarted count in its own notice, with the choices it offers.
    banner = null;
  } else if (snapshot.failing) {
    banner = {
      tone: 'warning',
      text: `${plural(snapshot.pending, 'item', 'items')} failed to save - retrying...`,
      details: [
        snapshot.durable
          ? 'They are kept on this device and saved as soon as the server answers.'
          : 'This browser does not let Parstock keep them: leave this page open until they are saved.',
        ...refusedApart,
      ],
      canRetry: true,
      canDismiss: false,
      canHide: true,
    };
  } else if (refusals.length > 0) {
    banner = {
      tone: 'destructive',
      text: `${plural(refusals.length, 'change was', 'changes were')} not saved`,
      details: refusals,
      canRetry: false,
      canDismiss: true,
      canHide: false,
    };
  } else if (snapshot.pending > 0 && snapshot.saving > 0) {
    banner = {
      tone: 'info',
      text: `Saving ${plural(snapshot.pending, 'change', 'changes')}...`,
      details: refusedApart,
      canRetry: false,
      canDismiss: false,
      canHide: false,
    };
  } else if (
    snapshot.pending === 0 &&
    snapshot.savedAt !== null &&
    options.now - snapshot.savedAt < SAVED_BANNER_MS
  ) {
    banner = {
      tone: 'success',
      text: 'All changes saved',
      details: [],
      canRetry: false,
      canDismiss: false,
      canHide: false,
    };
  }
  return { pill, banner };
}
