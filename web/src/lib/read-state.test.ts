import { describe, expect, test } from 'bun:test';
import { readStateOf } from './read-state.ts';

describe('readStateOf', () => {
  test('data, even null (no active completion), is ready', () => {
    expect(readStateOf({ data: null, isError: false, failureCount: 0 })).toBe('ready');
    expect(readStateOf({ data: { items: [] }, isError: true, failureCount: 2 })).toBe('ready');
  });
  test('no data yet is loading until an attempt fails', () => {
    expect(readStateOf({ data: undefined, isError: false, failureCount: 0 })).toBe('loading');
    expect(readStateOf({ data: undefined, isError: false, failureCount: 1 })).toBe('failed');
    expect(readStateOf({ data: undefined, isError: true, failureCount: 4 })).toBe('failed');
  });
});
