import { describe, expect, test } from 'bun:test';
import type { ParImportProgress, ParImportResult } from '@cli/par-import/run-par-import.ts';
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { ParImportProgressView, ParImportSummary } from './par-import-views.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { ProgressTaskView } from './progress-task-view.tsx';
import { waitForFrame } from './wait-for-frame.ts';
import { WrittenSummary } from './written-summary.tsx';

describe('ProgressBar', () => {
  test('fills in proportion and shows the figures with thousands separators', () => {
    const { frames } = render(<ProgressBar label="Checked" done={12_500} total={50_000} width={20} />);
    expect(frames.at(-1)).toBe('Checked █████░░░░░░░░░░░░░░░ 12,500/50,000');
  });

  test('is full when done, and when there is nothing to do', () => {
    expect(render(<ProgressBar label="Written" done={3} total={3} width={4} />).frames.at(-1)).toBe(
      'Written ████ 3/3',
    );
    expect(render(<ProgressBar label="Written" done={0} total={0} width={4} />).frames.at(-1)).toBe(
      'Written ████ 0/0',
    );
  });
});

describe('ProgressTaskView', () => {
  test('shows each progress report while the task runs, then only the result', async () => {
    let report: (n: number) => void = () => {};
    let finish: (result: string) => void = () => {};
    const { frames } = render(
      <ProgressTaskView<string, number>
        task={(r) => {
          report = r;
          return new Promise((resolve) => {
            finish = resolve;
          });
        }}
        progress={(n) => <Text>{n === null ? 'starting' : `at ${n}`}</Text>}
      >
        {(result) => <Text>done: {result}</Text>}
      </ProgressTaskView>,
    );
    expect(frames[0]).toBe('starting');
    report(1);
    await waitForFrame(frames, (f) => f === 'at 1');
    report(2);
    await waitForFrame(frames, (f) => f === 'at 2');
    finish('42');
    expect(await waitForFrame(frames, (f) => f.startsWith('done'))).toBe('done: 42');
  });

  test('a failed task leaves nothing on stdout: the caller says why on stderr', async () => {
    const { frames, lastFrame } = render(
      <ProgressTaskView<string, number>
        task={() => Promise.reject(new Error('bad rows'))}
        progress={() => <Text>working</Text>}
      >
        {() => <Text>done</Text>}
      </ProgressTaskView>,
    );
    await waitForFrame(frames, (f) => f === '');
    expect(lastFrame()).toBe('');
    expect(frames.some((f) => f.includes('done') || f.includes('failed'))).toBe(false);
  });
});

describe('ParImportProgressView', () => {
  const progress = (overrides: Partial<ParImportProgress>): ParImportProgress => ({
    rows: 50_000,
    checked: 0,
    toWrite: null,
    written: 0,
    ...overrides,
  });

  test('shows the rows checked, then the rows written once it is known how many will be', () => {
    const checking = render(
      <ParImportProgressView
        title="Importing PARs from pars.csv"
        progress={progress({ checked: 25_000 })}
        dryRun={false}
      />,
    );
    expect(checking.frames.at(-1)?.split('\n')).toEqual([
      'Importing PARs from pars.csv…',
      'Checked ████████████░░░░░░░░░░░░ 25,000/50,000',
    ]);
    const writing = render(
      <ParImportProgressView
        title="Importing PARs from pars.csv"
        progress={progress({ checked: 50_000, toWrite: 40_000, written: 10_000 })}
        dryRun={false}
      />,
    );
    expect(writing.frames.at(-1)?.split('\n')).toEqual([
      'Importing PARs from pars.csv…',
      'Checked ████████████████████████ 50,000/50,000',
      'Written ██████░░░░░░░░░░░░░░░░░░ 10,000/40,000',
    ]);
  });

  test('rows written while the file is still read are shown as a figure until the total is known', () => {
    const { frames } = render(
      <ParImportProgressView
        title="Importing PARs from pars.csv"
        progress={progress({ checked: 25_000, written: 15_000 })}
        dryRun={false}
      />,
    );
    expect(frames.at(-1)?.split('\n')).toEqual([
      'Importing PARs from pars.csv…',
      'Checked ████████████░░░░░░░░░░░░ 25,000/50,000',
      'Written 15,000 so far',
    ]);
  });

  test('a dry run has nothing to write and shows no write bar', () => {
    const { frames } = render(
      <ParImportProgressView
        title="Checking pars.csv (dry run)"
        progress={progress({ toWrite: 5 })}
        dryRun={true}
      />,
    );
    expect(frames.at(-1)?.split('\n')).toHaveLength(2);
    expect(
      render(<ParImportProgressView title="Reading" progress={null} dryRun={false} />).frames.at(-1),
    ).toBe('Reading…');
  });
});

describe('ParImportSummary', () => {
  const result = (overrides: Partial<ParImportResult>): ParImportResult => ({
    source: 'pars.csv',
    dryRun: false,
    tally: { rows: 12_040, created: 40, changed: 2_000, unchanged: 10_000, locksOverridden: 0 },
    preview: [],
    ...overrides,
  });

  test('an import says how many PARs were created, changed and left alone', () => {
    const { frames } = render(<ParImportSummary result={result({})} database="db" />);
    expect(frames.at(-1)?.split('\n')).toEqual([
      '✔ Imported pars.csv: 12,040 rows (db)',
      '      40 created',
      '   2,000 changed',
      '  10,000 unchanged',
    ]);
  });

  test('a dry run lists the first changes by line, café and product, and how many more there are', () => {
    const { frames } = render(
      <ParImportSummary
        database="db"
        result={result({
          dryRun: true,
          tally: { rows: 5, created: 1, changed: 3, unchanged: 1, locksOverridden: 1 },
          preview: [
            {
              line: 2,
              locationCode: 'DT-01',
              product: 'Whole Milk',
              before: 12,
              after: 14,
              overridesLock: false,
            },
            {
              line: 3,
              locationCode: 'NS-01',
              product: 'Oat Milk',
              before: null,
              after: 1.25,
              overridesLock: false,
            },
            {
              line: 10,
              locationCode: 'DT-01',
              product: 'House Espresso Blend',
              before: 6,
              after: 8,
              overridesLock: true,
            },
          ],
        })}
      />,
    );
    expect(frames.at(-1)?.split('\n')).toEqual([
      '✔ Dry run of pars.csv: 5 rows checked, nothing written (db)',
      '  1 would be created',
      '  3 would change, 1 of them locked (lock overridden)',
      '  1 unchanged',
      'Changes:',
      '  line 2   DT-01  Whole Milk            12 → 14',
      '  line 3   NS-01  Oat Milk              — → 1.25',
      '  line 10  DT-01  House Espresso Blend  6 → 8 (locked)',
      '  … and 1 more',
    ]);
  });

  test('keeps a long headline on one line', () => {
    const database = `embedded database in /${'very-long-folder/'.repeat(6)}pglite`;
    const { frames } = render(<ParImportSummary result={result({})} database={database} />);
    expect(frames.at(-1)?.split('\n')[0]).toBe(`✔ Imported pars.csv: 12,040 rows (${database})`);
  });
});

test('WrittenSummary names the file and keeps each line whole', () => {
  const out = `/var/reports/${'nightly/'.repeat(8)}nightly-2026-03-10.md`;
  const { frames } = render(
    <WrittenSummary
      headline={`Wrote the nightly report to ${out}`}
      details={['5 of 6 cafés completed']}
      database="db"
    />,
  );
  expect(frames.at(-1)?.split('\n')).toEqual([
    `✔ Wrote the nightly report to ${out} (db)`,
    '  5 of 6 cafés completed',
  ]);
});
