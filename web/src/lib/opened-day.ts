/**
 * The earlier day a link asks the next screen to open on: the District Ops Tracker, showing a past day, sends
 * a manager to that day's Nightly Counts (the Cafe Ops Tracker takes its day in its address). Like the café the
 * link selects (open-at-cafe.ts)
 * it travels in storage, here the tab's session storage: it must reach the screen the link opens and no other
 * tab. The screen reads it as its first day and forgets it once it is on screen, so a later visit opens today.
 */

export type DayScreen = 'nightly_counts';

const KEY = 'openedDay';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function openScreenOnDay(screen: DayScreen, date: string): void {
  try {
    session()?.setItem(KEY, JSON.stringify({ screen, date }));
  } catch {
    // Storage full or refused: the screen opens on today, as it would without the link.
  }
}

/** The day a link asked `screen` to open on, or null (then the screen shows today). */
export function readOpenedDay(screen: DayScreen): string | null {
  try {
    const stored = JSON.parse(session()?.getItem(KEY) ?? 'null') as {
      screen?: unknown;
      date?: unknown;
    } | null;
    return stored?.screen === screen && typeof stored.date === 'string' && DATE.test(stored.date)
      ? stored.date
      : null;
  } catch {
    return null;
  }
}

export function forgetOpenedDay(): void {
  try {
    session()?.removeItem(KEY);
  } catch {
    // Nothing stored can be read back either.
  }
}
