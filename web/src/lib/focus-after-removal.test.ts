import { describe, expect, test } from 'bun:test';
import { neighboursOf } from './focus-after-removal.ts';

describe('neighboursOf', () => {
  test('the following items nearest first, then the earlier ones nearest first', () => {
    expect(neighboursOf([1, 2, 3, 4, 5], 3)).toEqual([4, 5, 2, 1]);
    expect(neighboursOf([1, 2, 3], 3)).toEqual([2, 1]);
    expect(neighboursOf([7], 7)).toEqual([]);
    expect(neighboursOf([1, 2], 9)).toEqual([]);
  });
});
