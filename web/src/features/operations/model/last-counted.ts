import { countCompletedLabel } from '@engine/cafe-time-labels.ts';

/*
 * Every row drawn asks for its label, and a list draws its rows again as it scrolls; formatting a date in the
 * local time zone is the costly part. The labels of one clock minute are kept until the clock moves on.
 */
/** What a row says of a product nobody has counted in this count. */
export const NOT_COUNTED_YET = 'Not counted yet';

let labelsAt: string | null = null;
const labels = new Map<string, string>();

/**
 * "When and by whom it was last counted", in the wording of 'Count Completed' ('Today HH:mm' or
 * 'yyyy-MM-dd HH:mm'), and like it in the café's time zone (decision 007): the row and the screen's
 * 'Count Completed' must not tell two clocks. Without a zone (an older offline copy) the device's is used.
 */
export function lastCountedText(
  countedAt: string | null,
  countedBy: string | null,
  now: Date,
  timeZone?: string,
): string {
  if (!countedAt) return NOT_COUNTED_YET;
  const at = `${now.getTime()} ${timeZone ?? ''}`;
  if (labelsAt !== at) {
    labels.clear();
    labelsAt = at;
  }
  const key = `${countedAt}\n${countedBy ?? ''}`;
  const known = labels.get(key);
  if (known !== undefined) return known;
  const when = countCompletedLabel(countedAt, now, timeZone);
  const text = !when ? NOT_COUNTED_YET : countedBy ? `Counted ${when} by ${countedBy}` : `Counted ${when}`;
  labels.set(key, text);
  return text;
}
