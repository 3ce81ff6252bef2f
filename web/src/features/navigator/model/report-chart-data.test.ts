import { describe, expect, test } from 'bun:test';
import type { ReportRow } from '@engine/reports/report-definitions.ts';
import { parHealthChart } from './report-chart-data.ts';

const row = (locationCode: string, verdict: ReportRow<'par-health'>['verdict']) =>
  ({ locationCode, verdict }) as ReportRow<'par-health'>;

describe('parHealthChart', () => {
  test('counts PARs by verdict at each café, verdicts in the report’s order whatever row came first', () => {
    const data = parHealthChart([
      row('DT-01', 'ok'),
      row('DT-01', 'too low'),
      row('DT-02', 'too high'),
      row('DT-01', 'too low'),
    ]);
    expect(data.series).toEqual(['too low', 'too high', 'ok']);
    expect(data.points).toEqual([
      { x: 'DT-01', ok: 1, 'too low': 2 },
      { x: 'DT-02', 'too high': 1 },
    ]);
  });
});
