import { businessDateIn } from '@engine/business-date.ts';

/**
 * Counted after its business date had ended at the café: a late entry. Judged by when the number was typed, not
 * when it arrived: a count typed offline at 23:59 and sent at 00:00 was counted that night (decision 009).
 */
export function countedLate(
  item: { typedAt: string | null; countedAt: string | null },
  businessDate: string,
  timezone: string,
): boolean {
  const at = item.typedAt ?? item.countedAt;
  return at !== null && businessDateIn(new Date(at), timezone) > businessDate;
}
