import { endOfBusinessDate } from '@engine/cafe-checklist.ts';

/** Others tick too; and a device clock that is off must not leave today's list on a day that ended for long. */
export const CHECKLIST_REFRESH_MS = 60_000;

/**
 * When today's checklist is read again: a moment after the café's midnight on the café's clock, so the screen moves
 * to the new day before anyone ticks the old one, and at least every minute. A device clock ahead of the server's
 * has passed a midnight the server has not: it waits the minute rather than asking again at once.
 */
export function liveChecklistRefetchMs(
  data: { today: string; timezone: string } | undefined,
  now: number = Date.now(),
): number {
  if (!data) return CHECKLIST_REFRESH_MS;
  const untilMidnight = endOfBusinessDate(data.today, data.timezone).getTime() - now;
  // A second past midnight, so a server clock a little behind the device's has turned too.
  return untilMidnight > 0 ? Math.min(untilMidnight + 1_000, CHECKLIST_REFRESH_MS) : CHECKLIST_REFRESH_MS;
}

/**
 * How long a read of today's checklist stands (on coming back to the page, the tab or the network): a minute, and
 * never past the café's midnight after it was read.
 */
export function liveChecklistStaleMs(
  data: { today: string; timezone: string } | undefined,
  readAt: number,
): number {
  if (!data) return 0;
  const untilMidnight = endOfBusinessDate(data.today, data.timezone).getTime() - readAt;
  return Math.max(0, Math.min(untilMidnight, CHECKLIST_REFRESH_MS));
}
