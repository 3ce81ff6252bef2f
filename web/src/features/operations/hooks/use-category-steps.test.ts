import { afterEach, describe, expect, test } from 'bun:test';
import { act, renderHook } from '@testing-library/react';
import { useCategorySteps } from './use-category-steps.ts';

afterEach(() => sessionStorage.clear());

describe('the category on screen', () => {
  test('is kept by the tab through a reload when the screen asks for it, and kept within the categories', () => {
    const first = renderHook(() => useCategorySteps(9, 'count_inventory'));
    act(() => first.result.current.go(3));
    expect(first.result.current.current).toBe(3);
    first.unmount();

    // The page loaded again: the barista is still in the fourth category.
    const reloaded = renderHook(() => useCategorySteps(9, 'count_inventory'));
    expect(reloaded.result.current.current).toBe(3);
    // Another café with fewer categories shows its last one, not an empty page.
    expect(renderHook(() => useCategorySteps(2, 'count_inventory')).result.current.current).toBe(1);
    // Another operation, or a screen that asks for none, starts at the first.
    expect(renderHook(() => useCategorySteps(9, 'set_pars')).result.current.current).toBe(0);
    expect(renderHook(() => useCategorySteps(9)).result.current.current).toBe(0);
  });

  test('found again by its name after the categories were reordered; by its place when it was renamed', () => {
    const before = ['Coffee', 'Dairy', 'Tea', 'Syrups'];
    const first = renderHook(() => useCategorySteps(before, 'count_inventory'));
    act(() => first.result.current.go(2));
    first.unmount();
    // An administrator moved Tea first: the barista is still in Tea.
    const reordered = renderHook(() =>
      useCategorySteps(['Tea', 'Coffee', 'Dairy', 'Syrups'], 'count_inventory'),
    );
    expect(reordered.result.current.current).toBe(0);
    reordered.unmount();
    // Renamed as well: no name to go by, so the place it had.
    expect(
      renderHook(() => useCategorySteps(['Coffee', 'Dairy', 'Tea & Infusions', 'Syrups'], 'count_inventory'))
        .result.current.current,
    ).toBe(2);
    // While the categories load (none yet), then once they have: Tea.
    let names: string[] = [];
    const loading = renderHook(() => useCategorySteps(names, 'count_inventory'));
    expect(loading.result.current.current).toBe(0);
    names = ['Syrups', 'Tea'];
    loading.rerender();
    expect(loading.result.current.current).toBe(1);
  });
});
