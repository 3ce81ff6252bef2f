import { expect, test } from 'bun:test';
import { OPS_TRACKER_CSV_HEADER, opsTrackerCsv } from './ops-tracker-csv.ts';

test('one row per café with its figures and colours; names a spreadsheet would run are defused', () => {
  const csv = opsTrackerCsv([
    {
      location: { id: 1, name: '=Downtown, East', code: 'DT-01', timezone: 'America/New_York' },
      district: { id: 1, name: 'Manhattan' },
      businessDate: '2026-03-09',
      asOf: '2026-03-09T16:00:00.000Z',
      dayOver: false,
      lastCountAt: '2026-03-09T12:00:00.000Z',
      lastCountProducts: { counted: 150, listed: 180 },
      lastOrderAt: null,
      nightly: { startedAt: null, completedAt: null },
      tasks: { total: 5, done: 3, overdue: 1, late: 0 },
      approvals: { waiting: 0, oldestAt: null },
      parsNotSet: 2,
      signals: {
        count: 'green',
        nightly: 'amber',
        tasks: 'amber',
        approvals: 'green',
        lastOrder: 'red',
        pars: 'amber',
      },
    },
  ]);
  const [header, row, end] = csv.split('\r\n');
  // The byte-order mark first, so Excel reads the café names as UTF-8.
  expect(header?.split(',')).toEqual([
    `\uFEFF${OPS_TRACKER_CSV_HEADER[0]}`,
    ...OPS_TRACKER_CSV_HEADER.slice(1),
  ]);
  expect(row).toBe(
    `Manhattan,"'=Downtown, East",DT-01,2026-03-09,green,2026-03-09T12:00:00.000Z,150,180,amber,,amber,3,5,1,0,green,0,,red,,amber,2`,
  );
  expect(end).toBe('');
});
