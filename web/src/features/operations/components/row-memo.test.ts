import { describe, expect, test } from 'bun:test';
import { sameRowProps } from './row-memo.ts';

describe('row props', () => {
  const onEdit = () => {};
  test('a rebuilt view with the same fields is the same row', () => {
    expect(
      sameRowProps(
        { view: { count: 2, unsaved: false }, onEdit },
        { view: { count: 2, unsaved: false }, onEdit },
      ),
    ).toBe(true);
  });

  test('a changed field or prop renders the row again', () => {
    expect(sameRowProps({ view: { count: 2 }, onEdit }, { view: { count: 3 }, onEdit })).toBe(false);
    expect(sameRowProps({ view: { count: 2 }, onEdit }, { view: { count: 2 }, onEdit: () => {} })).toBe(
      false,
    );
    const before: { view: Record<string, unknown> } = { view: { count: 2 } };
    expect(sameRowProps(before, { view: { count: 2, refused: 'No.' } })).toBe(false);
  });
});
