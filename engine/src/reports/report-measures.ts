/**
 * What each report's figures mean, in the terms an operations lead uses. The database aggregates; these rules
 * say how an aggregate becomes a figure when something is missing, and are shared by the reports, their
 * tests and the plain recomputations that check them (decision 032).
 */
import { businessDateIn } from '../business-date.ts';
import { type ClosedSpell, wasOpenOn } from '../cafe-open-days.ts';

/** A usage interval is flagged when its daily usage is more than this many times the product's usual. */
export const USAGE_JUMP_FACTOR = 2;
/** The other measured intervals of the same product and café needed before "usual" means anything. */
export const USAGE_JUMP_MIN_HISTORY = 2;
/** Completed counts due per café per week (a weekly full count is the industry's floor). */
export const COUNTS_DUE_PER_WEEK = 1;

export const roundQuantity = (value: number) => Math.round(value * 100) / 100;

/** The Monday of the week a day falls in (weeks run Monday to Sunday, as in ISO 8601). */
export function weekStartOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - sinceMonday);
  return date.toISOString().slice(0, 10);
}

/** Whether an instant belongs to the range: its calendar day *in the café's time zone* lies in from..to. */
export function isInReportRange(instant: Date, timeZone: string, from: string, to: string): boolean {
  const day = businessDateIn(instant, timeZone);
  return day >= from && day <= to;
}

export interface UsageInputs {
  /** The product's count at the café's previous completed count; null when it was not counted there. */
  previousCount: number | null;
  /** Quantities of orders received between the two counts. */
  received: number;
  count: number;
}

/**
 * Usage between two counts: what was on the shelf, plus what arrived, minus what is left. Without a previous
 * count (first count, a product added since, or skipped last time) usage is unknown — never assumed 0.
 * Negative usage (more on the shelf than could have been) stays visible: a delivery not received in the app or
 * a miscount, which is exactly what someone should look at.
 */
export function usageOf({ previousCount, received, count }: UsageInputs): number | null {
  if (previousCount === null) return null;
  return roundQuantity(previousCount + received - count);
}

/** Usage per day over an interval of `days` (fractional days between the two completions). */
export function usagePerDay(usage: number | null, days: number | null): number | null {
  if (usage === null || days === null || days <= 0) return null;
  return roundQuantity(usage / days);
}

/** The median of a sorted list with one occurrence of `without` left out (which must be in it). */
function medianWithout(sorted: readonly number[], without: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as number) < without) low = middle + 1;
    else high = middle;
  }
  // The list without index `low`, read by position: positions at or after `low` shift up by one.
  const at = (position: number) => sorted[position >= low ? position + 1 : position] as number;
  const size = sorted.length - 1;
  const half = size >> 1;
  return size % 2 ? at(half) : (at(half - 1) + at(half)) / 2;
}

export interface UsageInterval {
  /** Groups intervals of one product at one café. */
  key: string;
  usagePerDay: number | null;
}

/**
 * Which intervals jumped: daily usage above USAGE_JUMP_FACTOR × the median of the same product's *other*
 * measured intervals at the same café in the report, given at least USAGE_JUMP_MIN_HISTORY of them and a
 * usual usage above zero. Works on the report's interval rows (already aggregated), not on raw counts; each
 * product's intervals are sorted once, so a year of a large chain stays linear-logarithmic.
 */
export function usageJumps(intervals: readonly UsageInterval[]): boolean[] {
  const byKey = new Map<string, number[]>();
  for (const interval of intervals) {
    if (interval.usagePerDay === null) continue;
    const values = byKey.get(interval.key);
    if (values) values.push(interval.usagePerDay);
    else byKey.set(interval.key, [interval.usagePerDay]);
  }
  for (const values of byKey.values()) values.sort((a, b) => a - b);
  return intervals.map((interval) => {
    if (interval.usagePerDay === null) return false;
    const sorted = byKey.get(interval.key) ?? [];
    if (sorted.length - 1 < USAGE_JUMP_MIN_HISTORY) return false;
    const usual = medianWithout(sorted, interval.usagePerDay);
    return usual > 0 && interval.usagePerDay > USAGE_JUMP_FACTOR * usual;
  });
}

/** The seven days of the week that begins on `weekStart`. */
export function daysOfWeek(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, offset) =>
    new Date(Date.parse(`${weekStart}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * What one week of count compliance held a café to: a nightly count for each day of the range it was open before
 * its today (tonight's is not late yet), and the week's full count once one of its open days has come. The full
 * count is a week's, so it is judged over the whole week, also where the range cuts the week: a range starting on
 * a Sunday must not call a café's count of that Monday missed (the report counts the week's completions whole too). A café is
 * open from its first day on (decision 106), less every spell it was closed (decisions 114 and 117): a week wholly
 * before the café existed, or wholly closed, held it to nothing, whatever was done in it. The days it was closed
 * (from its first day, up to today) are counted too, so a reader sees why fewer were due.
 */
export function dueInWeek(input: {
  weekStart: string;
  from: string;
  to: string;
  today: string;
  openedOn: string;
  closedSpells: readonly ClosedSpell[];
}): { countsDue: number; nightlyDue: number; daysClosed: number } {
  const held = daysOfWeek(input.weekStart).filter((day) => day <= input.today && day >= input.openedOn);
  const days = held.filter((day) => day >= input.from && day <= input.to);
  const openDays = days.filter((day) => wasOpenOn(input, day));
  return {
    countsDue: held.some((day) => wasOpenOn(input, day)) ? COUNTS_DUE_PER_WEEK : 0,
    nightlyDue: openDays.filter((day) => day < input.today).length,
    daysClosed: days.length - openDays.length,
  };
}

/** Average variance per night compared (count − Square), to the hundredth; a night without Square's figure is not compared. */
export function averageVariance(netVariance: number, nightsCompared: number): number {
  return nightsCompared > 0 ? roundQuantity(netVariance / nightsCompared) : 0;
}
