/**
 * The days a café was open (decisions 106, 114 and 117): from its first day, the date of its creation on its own
 * clock, less every spell it was closed. A spell runs from the day it closed to the day before it opened again, so
 * the closing day owes nothing (the café may have shut at noon) and the day it opened again owes that day's work. A
 * café still closed has a spell with no end. Days are 'YYYY-MM-DD' on the café's clock, which order as text.
 */
export interface ClosedSpell {
  closedOn: string;
  /** The day it opened again; null while it is still closed. */
  reopenedOn: string | null;
}

export interface CafeDays {
  /** The café's first day. */
  openedOn: string;
  closedSpells: readonly ClosedSpell[];
}

/** Whether the café was open on `day`: it existed, and no closed spell covers the day. */
export function wasOpenOn(cafe: CafeDays, day: string): boolean {
  return (
    day >= cafe.openedOn &&
    !cafe.closedSpells.some(
      (spell) => spell.closedOn <= day && (spell.reopenedOn === null || day < spell.reopenedOn),
    )
  );
}

/**
 * Whether a closed café's closing day is known: it has a spell with no end. A café closed before the days were kept
 * has none (decision 114), and what it owed is not known.
 */
export function closingDayKept(spells: readonly ClosedSpell[]): boolean {
  return spells.some((spell) => spell.reopenedOn === null);
}

/**
 * The spells a café was closed and opened again after, that kept it closed a day or more: one closed and opened
 * again the same day was open that day, and is not worth naming.
 */
export function endedClosures(spells: readonly ClosedSpell[]): { closedOn: string; reopenedOn: string }[] {
  return spells.flatMap(({ closedOn, reopenedOn }) =>
    reopenedOn !== null && reopenedOn > closedOn ? [{ closedOn, reopenedOn }] : [],
  );
}
