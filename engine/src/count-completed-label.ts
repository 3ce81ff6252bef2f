interface LocalTime {
  day: string;
  time: string;
}

// Formatters are costly to build and the label is re-rendered often; one per time zone is plenty.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      // h23, not hour12: false, which some engines render as "24:05" just after midnight.
      hourCycle: 'h23',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The calendar day (yyyy-MM-dd) and the time (HH:mm) of an instant in `timeZone` (the runtime's by default). */
export function localTime(instant: Date, timeZone: string | undefined): LocalTime {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * The time beside 'Count Completed' (requirements §2): 'Today HH:mm' when the completion falls on the same calendar
 * day as `now`, else 'yyyy-MM-dd HH:mm'. "Same day" is judged in `timeZone` (the café's IANA zone) when
 * given, so a count finished at 23:30 in Denver is not "Today" just because it is already tomorrow in UTC;
 * without one, the runtime's local zone is used. Returns null for a time that cannot be read, so a bad value
 * hides the label instead of breaking the screen.
 */
export function countCompletedLabel(completedAt: Date | string, now: Date, timeZone?: string): string | null {
  const instant = completedAt instanceof Date ? completedAt : new Date(completedAt);
  if (Number.isNaN(instant.getTime()) || Number.isNaN(now.getTime())) return null;
  const completed = localTime(instant, timeZone);
  const today = localTime(now, timeZone);
  return completed.day === today.day ? `Today ${completed.time}` : `${completed.day} ${completed.time}`;
}
