import { describe, expect, test } from 'bun:test';
import { MAX_JSON_NESTING, nestsDeeperThan } from './json-nesting.ts';

describe('JSON nesting', () => {
  test('counts lists and objects opened inside one another, not side by side', () => {
    expect(nestsDeeperThan('{"a":[{"b":[1,2]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1,2]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('[[1],[2],[3],[4],[5]]', 2)).toBe(false);
  });

  test('brackets in strings, escaped quotes included, do not count', () => {
    expect(nestsDeeperThan(`{"note":"${'['.repeat(100)}"}`, 1)).toBe(false);
    expect(nestsDeeperThan(`{"note":"say \\"${'{'.repeat(100)}\\" twice"}`, 1)).toBe(false);
    expect(nestsDeeperThan(`{"note":"a\\\\",${'['.repeat(5)}`, 3)).toBe(true);
  });

  test('the limit holds at its edge', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(nestsDeeperThan(nested(MAX_JSON_NESTING), MAX_JSON_NESTING)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_NESTING + 1), MAX_JSON_NESTING)).toBe(true);
  });
});
