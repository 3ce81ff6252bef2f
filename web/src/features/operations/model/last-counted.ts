import { countCompletedLabel } from '@engine/count-completed-label.ts';

/*
 * Every row drawn asks for its label, and a list draws its rows again as it scrolls; formatting a date in the
 * local time zone is the costly part. The labels of one clock minute are kept until the clock moves on.
 */
let labelsAt: number | null = null;
const labels = new Map<string, string>();

/**
 * "When and by whom it was last counted", in the wording of 'Count Completed' ('Today HH:mm' or
 * 'yyyy-MM-dd HH:mm').
 */
export function lastCountedText(countedAt: string | null, countedBy: string | null, now: Date): string {
  if (!countedAt) return 'Not counted yet';
  if (labelsAt !== now.getTime()) {
    labels.clear();
    labelsAt = now.getTime();
  }
  const key = `${countedAt}\n${countedBy ?? ''}`;
  const known = labels.get(key);
  if (known !== undefined) return known;
  const when = countCompletedLabel(countedAt, now);
  const text = !when ? 'Not counted yet' : countedBy ? `Counted ${when} by ${countedBy}` : `Counted ${when}`;
  labels.set(key, text);
  return text;
}
