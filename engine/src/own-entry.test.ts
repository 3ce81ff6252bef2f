import { describe, expect, test } from 'bun:test';
import { ownEntry } from './own-entry.ts';

describe('ownEntry', () => {
  const sizes: Record<string, string> = { sm: '2rem', md: '2.5rem' };

  test("finds the table's own keys", () => {
    expect(ownEntry(sizes, 'md')).toBe('2.5rem');
    expect(ownEntry(sizes, 'xl')).toBeUndefined();
  });

  test('a name every object has is no entry', () => {
    for (const name of [
      'constructor',
      '__proto__',
      'toString',
      'valueOf',
      'hasOwnProperty',
      'isPrototypeOf',
    ]) {
      expect([name, ownEntry(sizes, name)]).toEqual([name, undefined]);
    }
  });
});
