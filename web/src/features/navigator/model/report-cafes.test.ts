import { describe, expect, test } from 'bun:test';
import type { ReportLocation } from '@engine/reports/report-query.ts';
import { coveredCafes, reportCafeChoices } from './report-cafes.ts';

const downtown = { id: 1, name: 'Downtown', code: 'DT-01' };
const market = { id: 2, name: 'Market Hall', code: 'DT-02' };
const pier = { id: 3, name: 'Pier', code: 'DT-03', closedOn: null };
const quay = { id: 4, name: 'Quay', code: 'NS-01', closedOn: '2026-12-07' };

describe('reportCafeChoices', () => {
  test('lists the open cafés, then the closed ones marked closed, with the day when it was kept', () => {
    expect(reportCafeChoices([downtown, market], [pier, quay], undefined).map((cafe) => cafe.name)).toEqual([
      'Downtown',
      'Market Hall',
      'Pier (closed)',
      'Quay (closed 2026-12-07)',
    ]);
  });

  test('with a district chosen, its cafés only, closed ones included', () => {
    const district = { id: 1, name: 'Downtown', locationIds: [1, 3] };
    expect(reportCafeChoices([downtown, market], [pier, quay], district)).toEqual([
      downtown,
      { ...pier, name: 'Pier (closed)' },
    ]);
  });

  test('a café listed open is not listed again as closed', () => {
    expect(reportCafeChoices([downtown], [downtown], undefined)).toEqual([downtown]);
  });
});

describe('coveredCafes', () => {
  const cafe = (name: string, active: boolean, closedOn: string | null = null): ReportLocation => ({
    id: 1,
    code: 'X',
    name,
    timezone: 'America/Chicago',
    active,
    closedOn,
  });

  test('names one café, closed when it is', () => {
    expect(coveredCafes([cafe('Downtown', true)])).toBe('Downtown');
    expect(coveredCafes([cafe('Pier', false)])).toBe('Pier (closed)');
    expect(coveredCafes([cafe('Quay', false, '2026-12-07')])).toBe('Quay (closed 2026-12-07)');
  });

  test('counts several, saying how many of them are closed', () => {
    expect(coveredCafes([cafe('Downtown', true), cafe('Market Hall', true)])).toBe('2 cafés');
    expect(coveredCafes([cafe('Downtown', true), cafe('Pier', false), cafe('Quay', false)])).toBe(
      '3 cafés, 2 of them closed',
    );
  });

  test('says when no open café is covered (PAR health of a closed café)', () => {
    expect(coveredCafes([])).toBe('no open café');
  });
});
