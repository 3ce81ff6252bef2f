import { daysBetween } from '@engine/business-date.ts';
import type { OperationKey } from '@engine/operations.ts';
import { isPartialCount, nightlyDoneLate, type OpsSignalKey } from '@engine/ops-signals.ts';
import type { OpsTrackerRow } from '@engine/ops-tracker-schemas.ts';
import { compareText } from '@engine/text-order.ts';
import { clockDate, clockTime, wallClockIn } from '@engine/zoned-clock.ts';
import type { DayScreen } from '@web/lib/opened-day.ts';

/**
 * Where a cell sends someone to fix what it shows: an operation at the café, or a screen narrowed to it.
 * `day`: how the screen opens on an earlier day: the Cafe Ops Tracker takes the day in its address, Nightly Counts
 * from opened-day.ts; null for the others, which show the café as it is now.
 */
export type SignalFix = { label: string; day: 'address' | DayScreen | null } & (
  | { kind: 'operation'; operation: OperationKey }
  | { kind: 'screen'; to: '/cafe-ops-tracker' | '/approvals' }
);

export const SIGNAL_FIX: Record<OpsSignalKey, SignalFix> = {
  count: { kind: 'operation', operation: 'count_inventory', label: 'Count Inventory', day: null },
  nightly: { kind: 'operation', operation: 'nightly_counts', label: 'Nightly Counts', day: 'nightly_counts' },
  tasks: { kind: 'screen', to: '/cafe-ops-tracker', label: 'Cafe Ops Tracker', day: 'address' },
  approvals: { kind: 'screen', to: '/approvals', label: 'Approvals', day: null },
  lastOrder: { kind: 'operation', operation: 'shopping_list', label: 'Shopping List', day: null },
  pars: { kind: 'operation', operation: 'set_pars', label: 'Set PARs', day: null },
};

/** What a cell's link opens, said as it will be: the shown day's screen, or today's where no other exists. */
export interface FixLink {
  /** The end of the cell's accessible name and its tooltip. */
  text: string;
  /** The day the screen opens on, or null for today. */
  day: string | null;
}

/** `shownDate`: the earlier day the grid shows, or null for today. */
export function fixLink(signal: OpsSignalKey, shownDate: string | null): FixLink {
  const fix = SIGNAL_FIX[signal];
  if (shownDate === null) return { text: `Open ${fix.label}`, day: null };
  if (fix.day !== null) return { text: `Open ${fix.label} on ${shownDate}`, day: shownDate };
  return { text: `Open ${fix.label} as it is today (it shows no earlier day)`, day: null };
}

/** The note above a past day's grid: which links open that day and which open today. */
export function pastDayLinksNote(shownDate: string): string {
  const labels = (withDay: boolean) =>
    Object.values(SIGNAL_FIX)
      .filter((fix) => (fix.day !== null) === withDay)
      .map((fix) => fix.label);
  const list = (items: string[]) =>
    items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
  return `Links open ${list(labels(true))} on ${shownDate}; ${list(labels(false))} show today, as they have no earlier days.`;
}

/** "14:05" on the café's clock on the day shown, "Yesterday 18:40", then "3d ago". */
function when(iso: string, row: OpsTrackerRow): string {
  const clock = wallClockIn(new Date(iso), row.location.timezone);
  const days = daysBetween(clockDate(clock), row.businessDate);
  if (days <= 0) return clockTime(clock);
  return days === 1 ? `Yesterday ${clockTime(clock)}` : `${days}d ago`;
}

/** After the row's day, on the café's clock: the time alone the next day, else the date too. */
function lateWhen(iso: string, row: OpsTrackerRow): string {
  const clock = wallClockIn(new Date(iso), row.location.timezone);
  const days = daysBetween(row.businessDate, clockDate(clock));
  return days === 1 ? `${clockTime(clock)} next day` : `${clockDate(clock)} ${clockTime(clock)}`;
}

/** How long the oldest order has waited: "3 h", "2 d". */
function waited(iso: string, row: OpsTrackerRow): string {
  const hours = Math.floor((Date.parse(row.asOf) - Date.parse(iso)) / 3_600_000);
  return hours < 24 ? `${Math.max(hours, 0)} h` : `${Math.floor(hours / 24)} d`;
}

/** What a cell says in words (its colour says how it stands against the rule). */
export function signalText(key: OpsSignalKey, row: OpsTrackerRow): string {
  switch (key) {
    case 'count':
      if (!row.lastCountAt) return 'Never';
      // A partial count says how much it left out: its time alone reads as a whole count.
      return row.lastCountProducts && isPartialCount(row.lastCountProducts)
        ? `${when(row.lastCountAt, row)} · ${row.lastCountProducts.counted}/${row.lastCountProducts.listed} counted`
        : when(row.lastCountAt, row);
    case 'nightly':
      return row.nightly.completedAt
        ? nightlyDoneLate(row)
          ? `Done late ${lateWhen(row.nightly.completedAt, row)}`
          : `Done ${when(row.nightly.completedAt, row)}`
        : row.nightly.startedAt
          ? 'Started'
          : 'Not done';
    case 'tasks': {
      const { done, total, overdue, late } = row.tasks;
      // A day before any of today's tasks was made, or a café given none.
      if (total === 0) return 'No tasks';
      const extra = [overdue > 0 ? `${overdue} overdue` : '', late > 0 ? `${late} late` : ''].filter(Boolean);
      return `${done}/${total}${extra.length > 0 ? ` · ${extra.join(' · ')}` : ''}`;
    }
    case 'approvals':
      return row.approvals.waiting === 0
        ? 'None'
        : `${row.approvals.waiting} waiting${row.approvals.oldestAt ? ` · ${waited(row.approvals.oldestAt, row)}` : ''}`;
    case 'lastOrder':
      return row.lastOrderAt ? when(row.lastOrderAt, row) : 'Never';
    case 'pars':
      return row.parsNotSet === 0 ? 'All set' : `${row.parsNotSet} not set`;
  }
}

export interface DistrictGroup {
  district: OpsTrackerRow['district'];
  rows: OpsTrackerRow[];
}

/** Rows by district, in the server's order (district, then café name). */
export function groupByDistrict(rows: readonly OpsTrackerRow[]): DistrictGroup[] {
  // Districts and cafés in the order their names read, as every other list of cafés is ("Élan" with the E's).
  const sorted = [...rows].sort(
    (a, b) =>
      compareText(a.district.name, b.district.name) ||
      a.district.id - b.district.id ||
      compareText(a.location.name, b.location.name) ||
      a.location.id - b.location.id,
  );
  const groups: DistrictGroup[] = [];
  for (const row of sorted) {
    const last = groups.at(-1);
    if (last && last.district.id === row.district.id) last.rows.push(row);
    else groups.push({ district: row.district, rows: [row] });
  }
  return groups;
}
