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

/**
 * One formatter per time zone for these options, each built on first use and kept for the whole process: building
 * one costs far more than using it. The device's own zone is `undefined`. An unknown zone throws RangeError.
 */
export function formattersByZone(
  options: Intl.DateTimeFormatOptions,
): (timeZone: string | undefined) => Intl.DateTimeFormat {
  const built = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    const key = timeZone ?? '';
    let formatter = built.get(key);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
      built.set(key, formatter);
    }
    return formatter;
  };
}

// h23, not hour12: false, which some engines render as "24:05" just after midnight.
const formatterFor = formattersByZone({
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

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

const wallAsUtc = (clock: WallClock) =>
  Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);

/** How far `timeZone`'s clocks are ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallAsUtc(wallClockIn(new Date(whole), timeZone)) - whole;
}

/**
 * The instant at which clocks in `timeZone` show `date` ('YYYY-MM-DD') and `minutesAfterMidnight`. On the
 * day clocks jump forward a time that never shows (02:30) is read with the offset before the jump, so it
 * lands as far past the jump as it was meant to be (03:30); on the day they fall back a time shown twice is
 * the first of the two. Both are what people expect of "due at 02:30" (and what Temporal calls compatible).
 */
export function zonedInstant(date: string, minutesAfterMidnight: number, timeZone: string): Date {
  const wanted = Date.parse(`${date}T00:00:00Z`) + minutesAfterMidnight * 60_000;
  const before = offsetAt(wanted - 86_400_000, timeZone);
  const after = offsetAt(wanted + 86_400_000, timeZone);
  const fits = [wanted - before, wanted - after]
    .filter((candidate) => candidate + offsetAt(candidate, timeZone) === wanted)
    .sort((a, b) => a - b);
  return new Date(fits[0] ?? wanted - before);
}
