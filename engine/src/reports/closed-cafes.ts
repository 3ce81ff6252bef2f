/**
 * A closed café in the reports (decision 103). Closing a café takes it off every screen where work is done, and
 * its people lose it (decision 100), but its counts and orders stay what they were: a district's spend for a past
 * month must not drop because one of its cafés closed since. Those who reach cafés by place, not by being
 * assigned to them, keep reading a closed café's history.
 */

import { type CafeDays, closingDayKept, wasOpenOn } from '../cafe-open-days.ts';
import { ADMIN_ROLE } from '../permissions.ts';
import { daysOfWeek } from './report-measures.ts';
import type { ReportName } from './report-names.ts';

/**
 * Which closed cafés a role's reports read: an administrator every one, a district manager those of their
 * districts, anyone else none (an assigned café counts only while it is open).
 */
export type ClosedCafeReach = 'every' | 'districts' | 'none';

export function closedCafeReach(role: string): ClosedCafeReach {
  if (role === ADMIN_ROLE) return 'every';
  if (role === 'district_manager') return 'districts';
  return 'none';
}

/**
 * Whether a report reads closed cafés. The history reports do; PAR health is about the PARs a café works to
 * now, and a closed café has none to set (its suggestions go through Set PARs, which a closed café is not in).
 */
export function reportReadsClosedCafes(name: ReportName): boolean {
  return name !== 'par-health';
}

/**
 * What a report's café filter and summary call a closed café, so a reader can tell it from an open one, and since
 * when when the day was kept (decision 114): "Pier (closed 2026-12-07)".
 */
export function closedCafeLabel(name: string, closedOn: string | null = null): string {
  return closedOn ? `${name} (closed ${closedOn})` : `${name} (closed)`;
}

/**
 * The cafés an answer names. A café asked for by name is named, whatever it holds. Otherwise an open café is
 * named if it had opened by the period's last day (`to`), and a closed one, or one opened after the period, only
 * when it has rows in the period: one that closed before the period, or opened after it, added nothing to it, and
 * "4 cafés" over a month three of them ran would mislead.
 */
export function cafesCovered<C extends { code: string; active: boolean; openedOn: string }>(
  cafes: readonly C[],
  rows: readonly { locationCode: string }[],
  askedByName: boolean,
  to: string,
): C[] {
  if (askedByName) return [...cafes];
  const withRows = new Set(rows.map((row) => row.locationCode));
  return cafes.filter((cafe) => (cafe.active && cafe.openedOn <= to) || withRows.has(cafe.code));
}

/**
 * Whether count compliance shows a week of a café. Every week in which the café was open on a day of the range is
 * shown, nothing done included: that is what the report is for. A week wholly before the café's first day is not
 * one it missed (decision 106), nor one it was closed all through (decisions 114 and 117): a closed café's weeks
 * show up to the week it closed, and a café closed for a spell has none for the weeks in it. A café closed before
 * its closing day was kept shows only weeks with something done. A week with something done is always shown.
 */
export function showsComplianceWeek(
  cafe: CafeDays & { active: boolean },
  week: { weekStart: string; countsCompleted: number; nightlyDone: number },
  range: { from: string; to: string },
): boolean {
  if (week.countsCompleted > 0 || week.nightlyDone > 0) return true;
  if (!cafe.active && !closingDayKept(cafe.closedSpells)) return false;
  return daysOfWeek(week.weekStart).some(
    (day) => day >= range.from && day <= range.to && wasOpenOn(cafe, day),
  );
}
