import { describe, expect, test } from 'bun:test';
import { tabTreeProblems } from '@engine/admin-tab-schemas.ts';
import type { TabDisplayEntry } from '@engine/api-schemas.ts';
import {
  hasChildren,
  moveTab,
  normaliseTabs,
  parentChoices,
  setTabParent,
  tabRows,
  tabsChanged,
  tabUpdates,
} from './tab-order.ts';

const tab = (id: number, parentId: number | null, displayOrder: number): TabDisplayEntry => ({
  id,
  tabKey: `tab_${id}`,
  tabName: `Tab ${id}`,
  icon: null,
  parentId,
  isVisible: true,
  permission: null,
  displayOrder,
});

// Children numbered 1, 2 under parents numbered 10, 20, as the seed stores them.
const SAVED = [tab(1, null, 10), tab(2, null, 20), tab(3, 2, 1), tab(4, 2, 2), tab(5, null, 30)];

const order = (tabs: TabDisplayEntry[]) => tabRows(tabs).map((row) => row.tab.id);

describe('tab order', () => {
  test('lists top-level tabs in order, each followed by its children', () => {
    expect(order(normaliseTabs(SAVED))).toEqual([1, 2, 3, 4, 5]);
    expect(tabRows(normaliseTabs(SAVED)).map((row) => row.depth)).toEqual([0, 0, 1, 1, 0]);
  });

  test('moving a parent takes its children along', () => {
    const moved = moveTab(normaliseTabs(SAVED), 2, -1);
    expect(order(moved)).toEqual([2, 3, 4, 1, 5]);
  });

  test('a child moves only among its siblings', () => {
    const tabs = normaliseTabs(SAVED);
    expect(order(moveTab(tabs, 3, 1))).toEqual([1, 2, 4, 3, 5]);
    expect(order(moveTab(tabs, 3, -1))).toEqual([1, 2, 3, 4, 5]);
  });

  test('a new parent puts the tab last among its children', () => {
    const moved = setTabParent(normaliseTabs(SAVED), 5, 2);
    expect(order(moved)).toEqual([1, 2, 3, 4, 5]);
    expect(moved.find((t) => t.id === 5)?.parentId).toBe(2);
    const back = setTabParent(moved, 3, null);
    expect(order(back)).toEqual([1, 2, 4, 5, 3]);
  });

  test('only top-level tabs other than itself can be a parent; a parent keeps its place', () => {
    const tabs = normaliseTabs(SAVED);
    expect(parentChoices(tabs, 1).map((t) => t.id)).toEqual([2, 5]);
    expect(hasChildren(tabs, 2)).toBe(true);
    expect(hasChildren(tabs, 1)).toBe(false);
  });

  test('what it saves passes the engine’s tree rules', () => {
    const tabs = setTabParent(moveTab(normaliseTabs(SAVED), 5, -1), 1, 5);
    expect(
      tabTreeProblems(
        SAVED.map((t) => t.id),
        tabUpdates(tabs),
      ),
    ).toEqual([]);
  });

  test('a change is noticed, renumbering alone is not', () => {
    expect(tabsChanged(SAVED, normaliseTabs(SAVED))).toBe(false);
    expect(tabsChanged(SAVED, moveTab(normaliseTabs(SAVED), 1, 1))).toBe(true);
    const hidden = normaliseTabs(SAVED).map((t) => (t.id === 4 ? { ...t, isVisible: false } : t));
    expect(tabsChanged(SAVED, hidden)).toBe(true);
  });

  test('a tab whose parent is gone is treated as top-level', () => {
    expect(normaliseTabs([tab(1, 99, 5)])[0]?.parentId).toBeNull();
  });
});
