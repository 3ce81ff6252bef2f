/**
 * The audit log filter's days (YYYY-MM-DD from date inputs) as the instants the API takes: from the start
 * of the first day to the start of the day after the last, both in the viewer's own time zone, so "to
 * 3 March" includes all of 3 March.
 */
export function dayRangeToInstants(
  fromDay: string,
  toDay: string,
): { from?: string; to?: string; problem: string | null } {
  const start = (day: string) => {
    const [y, m, d] = day.split('-').map(Number);
    if (!y || !m || !d) return null;
    return new Date(y, m - 1, d);
  };
  const from = fromDay ? start(fromDay) : null;
  const toStart = toDay ? start(toDay) : null;
  const to = toStart ? new Date(toStart.getFullYear(), toStart.getMonth(), toStart.getDate() + 1) : null;
  if (from && to && from >= to) return { problem: 'The start date must be on or before the end date.' };
  return { from: from?.toISOString(), to: to?.toISOString(), problem: null };
}
