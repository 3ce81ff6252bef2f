import { describe, expect, test } from 'bun:test';
import { moveItem, sameOrder } from './list-order.ts';

describe('moveItem', () => {
  test('moves an item one place up or down', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });

  test('leaves the list as it is at either end', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  test('does not change the list it was given', () => {
    const list = ['a', 'b'];
    moveItem(list, 0, 1);
    expect(list).toEqual(['a', 'b']);
  });
});

test('sameOrder compares keys position by position', () => {
  expect(sameOrder(['a', 'b'], ['a', 'b'])).toBe(true);
  expect(sameOrder(['a', 'b'], ['b', 'a'])).toBe(false);
  expect(sameOrder(['a'], ['a', 'b'])).toBe(false);
});
