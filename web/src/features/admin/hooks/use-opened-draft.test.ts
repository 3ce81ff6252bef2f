import { describe, expect, test } from 'bun:test';
import { act, renderHook } from '@testing-library/react';
import { useOpenedDraft } from './use-opened-draft.ts';

const same = (value: string) => value;
const differs = (opened: string, draft: string) => opened !== draft;

describe('an editor of a whole record', () => {
  test('an untouched draft follows a read; an edited one keeps its edits until its save is refused', () => {
    const { result, rerender } = renderHook(({ saved }) => useOpenedDraft(saved, same, differs, ''), {
      initialProps: { saved: 'blue' as string | undefined },
    });
    rerender({ saved: 'green' });
    expect([result.current.opened, result.current.draft]).toEqual(['green', 'green']);

    act(() => result.current.setDraft('red'));
    rerender({ saved: 'teal' });
    expect([result.current.opened, result.current.draft, result.current.dirty]).toEqual([
      'green',
      'red',
      true,
    ]);

    act(() => result.current.refused());
    rerender({ saved: 'navy' });
    expect([result.current.opened, result.current.draft, result.current.dirty]).toEqual([
      'navy',
      'navy',
      false,
    ]);
  });
});
