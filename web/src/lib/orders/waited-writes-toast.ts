import type { ToastInput } from '@web/components/ui/use-toast.ts';

/** One order change that waited on the device, as its own toast would tell it: done, or refused and why. */
export interface WaitedWriteOutcome {
  ok: boolean;
  title: string;
  /** Why it was refused; for one done by another hand first, what the server said of it. */
  reason?: string;
}

export const SENT_LATER = 'It waited on this device for the network.';

/** Long enough to read a few lines: several changes are told in one toast. */
const SUMMARY_DURATION_MS = 10_000;

const changes = (count: number) => (count === 1 ? '1 order change' : `${count} order changes`);

/**
 * The one toast for the order changes a page sent after their screens were gone (decision 095): the app shows one
 * toast at a time, so several told one by one would leave only the last in view. One change keeps its own toast;
 * several are told together, any refusal first and in red.
 */
export function waitedWritesToast(outcomes: readonly WaitedWriteOutcome[]): ToastInput | null {
  const [only] = outcomes;
  if (!only) return null;
  if (outcomes.length === 1)
    return only.ok
      ? { title: only.title, description: only.reason ?? SENT_LATER }
      : { variant: 'destructive', title: only.title, description: only.reason };
  const refused = outcomes.filter((outcome) => !outcome.ok);
  const sent = outcomes.filter((outcome) => outcome.ok);
  const sentText = sent.map((outcome) => outcome.title).join('; ');
  if (refused.length === 0)
    return {
      title: `${changes(sent.length)} that waited on this device for the network went`,
      description: `${sentText}.`,
      duration: SUMMARY_DURATION_MS,
    };
  const refusedText = refused.map((outcome) => `${outcome.title}: ${outcome.reason ?? ''}`.trim()).join(' ');
  return {
    variant: 'destructive',
    title: `${changes(refused.length)} of ${outcomes.length} that waited on this device ${
      refused.length === 1 ? 'was' : 'were'
    } not made`,
    description: sent.length > 0 ? `${refusedText} Done: ${sentText}.` : refusedText,
    duration: SUMMARY_DURATION_MS,
  };
}
