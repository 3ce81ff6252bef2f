import { daysBetween } from './business-date.ts';

/**
 * The earlier day an ops tracker shows as it ended, for a day asked for (in a link, the address or the day
 * field), or `undefined` for today's live view. Today itself is the live view, not a day that ended, and a day
 * after `today` has not begun yet, so it is the live view too rather than a day the server refuses.
 */
export function endedOpsDay(day: string | undefined, today: string): string | undefined {
  return day !== undefined && daysBetween(day, today) > 0 ? day : undefined;
}
