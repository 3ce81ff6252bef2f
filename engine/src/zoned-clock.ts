/**
 * What the clocks on a café's wall show at an instant. Every business date and local time of Parstock is
 * read through here: formatters are costly to build, so there is one per time zone for the whole process.
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    // Throws RangeError for an unknown zone. h23, not hour12: false, which some engines render as "24:05"
    // just after midnight.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` (an IANA name), or in the device's own zone when it is undefined. */
export function wallClockIn(instant: Date, timeZone?: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** 'YYYY-MM-DD' of a wall clock. */
export function clockDate(clock: WallClock): string {
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** 'HH:mm' of a wall clock. */
export function clockTime(clock: WallClock): string {
  return `${pad(clock.hour)}:${pad(clock.minute)}`;
}
