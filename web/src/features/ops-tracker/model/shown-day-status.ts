import { plural } from '@web/lib/display-format.ts';

/**
 * What the status line says of an earlier day shown: "as it ended" only where it has ended at every café. A day
 * chosen while it still runs somewhere (the latest café day is offered, and a district may span zones) says where
 * it still runs, and goes on following those cafés.
 */
export function shownDayStatus(day: string, rows: readonly { dayOver: boolean }[]): string {
  const running = rows.filter((row) => !row.dayOver).length;
  if (running === 0) return `${day} as it ended`;
  if (running === rows.length) return `${day} · still running at every café, refreshes every minute`;
  return `${day} · ended at ${plural(rows.length - running, 'café')}, still running at ${plural(running, 'café')}; refreshes every minute`;
}

/** An earlier day is read again while it still runs at any café; today's live view always is. */
export function followsTheCafes(
  day: string | undefined,
  rows: readonly { dayOver: boolean }[] | undefined,
): boolean {
  return day === undefined || (rows ?? []).some((row) => !row.dayOver);
}
