import { describe, expect, test } from 'bun:test';
import type { ParImportProblem } from '@engine/par-import-rows.ts';
import { problemLines } from './pars-import.tsx';

const problems: ParImportProblem[] = Array.from({ length: 120 }, (_, i) => ({
  line: i + 2,
  code: 'unknown_product',
  message: `unknown product 'P${i + 1}'`,
}));

describe('problemLines', () => {
  test('on a terminal, the first 50 and how many more', () => {
    const lines = problemLines(problems, true).split('\n');
    expect(lines).toHaveLength(52);
    expect(lines[49]).toBe("line 51: unknown product 'P50'");
    expect(lines[50]).toBe('… and 70 more problems');
  });

  test('to a file, every one; a short list is whole either way', () => {
    expect(problemLines(problems, false).split('\n')).toHaveLength(121);
    expect(problemLines(problems.slice(0, 3), true)).toBe(problemLines(problems.slice(0, 3), false));
  });
});
