import { describe, expect, test } from 'bun:test';
import type { OpsTrackerRow } from '@engine/ops-tracker-schemas.ts';
import { fixLink, groupByDistrict, pastDayLinksNote, signalText } from './signal-cells.ts';

const row = (id: number, district: number, extra: Partial<OpsTrackerRow> = {}): OpsTrackerRow => ({
  location: { id, name: `Café ${id}`, code: `C${id}`, timezone: 'America/Chicago' },
  district: { id: district, name: `District ${district}` },
  businessDate: '2026-03-09',
  asOf: '2026-03-09T20:00:00.000Z',
  dayOver: false,
  lastCountAt: '2026-03-09T14:05:00.000Z',
  lastCountProducts: { counted: 180, listed: 180 },
  lastOrderAt: '2026-03-06T14:05:00.000Z',
  nightly: { startedAt: null, completedAt: null },
  tasks: { total: 6, done: 3, overdue: 2, late: 1 },
  approvals: { waiting: 2, oldestAt: '2026-03-07T20:00:00.000Z' },
  parsNotSet: 0,
  signals: {
    count: 'green',
    nightly: 'amber',
    tasks: 'amber',
    approvals: 'red',
    lastOrder: 'green',
    pars: 'green',
  },
  ...extra,
});

describe('signalText', () => {
  test("the day's times on the café's clock, yesterday by name, older ones in days", () => {
    const r = row(1, 1);
    expect(signalText('count', r)).toBe('09:05');
    expect(signalText('lastOrder', r)).toBe('3d ago');
    expect(signalText('approvals', r)).toBe('2 waiting · 2 d');
    expect(signalText('lastOrder', row(1, 1, { lastOrderAt: '2026-03-09T04:30:00.000Z' }))).toBe(
      'Yesterday 23:30',
    );
    expect(signalText('tasks', r)).toBe('3/6 · 2 overdue · 1 late');
    expect(signalText('tasks', { ...r, tasks: { total: 0, done: 0, overdue: 0, late: 0 } })).toBe('No tasks');
    expect(signalText('nightly', r)).toBe('Not done');
    expect(signalText('pars', r)).toBe('All set');
    expect(signalText('count', row(1, 1, { lastCountAt: null, lastCountProducts: null }))).toBe('Never');
    expect(signalText('count', row(1, 1, { lastCountProducts: { counted: 2, listed: 180 } }))).toBe(
      '09:05 · 2/180 counted',
    );
    expect(
      signalText('approvals', row(1, 1, { approvals: { waiting: 1, oldestAt: '2026-03-09T17:30:00.000Z' } })),
    ).toBe('1 waiting · 2 h');
  });
});

describe('a nightly count completed after its day ended', () => {
  // 2026-03-09 ended at 05:00 UTC on the 10th in Chicago; the count was completed two minutes later.
  const ended = { dayOver: true, asOf: '2026-03-10T05:00:00.000Z' } as const;
  test('is done late, with its time the next day, not "Started"', () => {
    const late = row(1, 1, {
      ...ended,
      nightly: { startedAt: '2026-03-10T04:57:00.000Z', completedAt: '2026-03-10T05:02:00.000Z' },
    });
    expect(signalText('nightly', late)).toBe('Done late 00:02 next day');
    const onTime = row(1, 1, {
      ...ended,
      nightly: { startedAt: '2026-03-10T04:50:00.000Z', completedAt: '2026-03-10T04:58:00.000Z' },
    });
    expect(signalText('nightly', onTime)).toBe('Done 23:58');
  });
});

describe('groupByDistrict', () => {
  test('consecutive rows of a district form one group, in order', () => {
    const groups = groupByDistrict([row(1, 1), row(2, 1), row(3, 2)]);
    expect(groups.map((g) => [g.district.name, g.rows.map((r) => r.location.id)])).toEqual([
      ['District 1', [1, 2]],
      ['District 2', [3]],
    ]);
  });

  test('districts and cafés in the order their names read, accents and numbers as a person reads them', () => {
    const named = (id: number, name: string, district: number, districtName: string) =>
      row(id, district, {
        location: { id, name, code: `C${id}`, timezone: 'UTC' },
        district: { id: district, name: districtName },
      });
    const groups = groupByDistrict([
      named(1, 'Zürich Kiosk', 2, 'Downtown'),
      named(2, 'Élan Roastery', 2, 'Downtown'),
      named(3, 'Café 15', 1, 'Northside'),
      named(4, 'Café 5', 1, 'Northside'),
      named(5, 'Courthouse Corner', 2, 'Downtown'),
    ]);
    expect(groups.map((g) => [g.district.name, g.rows.map((r) => r.location.name)])).toEqual([
      ['Downtown', ['Courthouse Corner', 'Élan Roastery', 'Zürich Kiosk']],
      ['Northside', ['Café 5', 'Café 15']],
    ]);
  });
});

describe('fixLink', () => {
  test('today: each cell opens its screen as it is', () => {
    expect(fixLink('tasks', null)).toEqual({ text: 'Open Cafe Ops Tracker', day: null });
    expect(fixLink('count', null)).toEqual({ text: 'Open Count Inventory', day: null });
  });

  test('a past day: the tasks and the nightly count open that day, the rest say they show today', () => {
    expect(fixLink('tasks', '2026-10-21')).toEqual({
      text: 'Open Cafe Ops Tracker on 2026-10-21',
      day: '2026-10-21',
    });
    expect(fixLink('nightly', '2026-10-21')).toEqual({
      text: 'Open Nightly Counts on 2026-10-21',
      day: '2026-10-21',
    });
    for (const signal of ['count', 'approvals', 'lastOrder', 'pars'] as const) {
      expect(fixLink(signal, '2026-10-21').day).toBeNull();
      expect(fixLink(signal, '2026-10-21').text).toEndWith('as it is today (it shows no earlier day)');
    }
    expect(pastDayLinksNote('2026-10-21')).toBe(
      'Links open Nightly Counts and Cafe Ops Tracker on 2026-10-21; Count Inventory, Approvals, Shopping List and Set PARs show today, as they have no earlier days.',
    );
  });
});
