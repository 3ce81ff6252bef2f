import { countCompletedLabel } from '@engine/count-completed-label.ts';

/**
 * "When and by whom it was last counted", in the wording of 'Count Completed' ('Today HH:mm' or
 * 'yyyy-MM-dd HH:mm').
 */
export function lastCountedText(countedAt: string | null, countedBy: string | null, now: Date): string {
  if (!countedAt) return 'Not counted yet';
  const when = countCompletedLabel(countedAt, now);
  if (!when) return 'Not counted yet';
  return countedBy ? `Counted ${when} by ${countedBy}` : `Counted ${when}`;
}
