import type { TabUpdateEntry } from '@engine/admin-tab-schemas.ts';
import type { TabDisplayEntry } from '@engine/api-schemas.ts';

/** A tab as the editor shows it: where it sits in the tree. */
export interface TabRow {
  tab: TabDisplayEntry;
  depth: 0 | 1;
  index: number;
  siblings: number;
}

const byOrder = (a: TabDisplayEntry, b: TabDisplayEntry) => a.displayOrder - b.displayOrder || a.id - b.id;

function siblingsOf(tabs: readonly TabDisplayEntry[], parentId: number | null): TabDisplayEntry[] {
  return tabs.filter((tab) => tab.parentId === parentId).sort(byOrder);
}

/**
 * Gives every group of siblings the display orders 10, 20, 30… in their current order, so moving one is a
 * swap of two numbers. Tabs whose parent is missing are treated as top-level, as the header does not show
 * them under anything either.
 */
export function normaliseTabs(tabs: readonly TabDisplayEntry[]): TabDisplayEntry[] {
  const ids = new Set(tabs.map((tab) => tab.id));
  const fixed = tabs.map((tab) =>
    tab.parentId !== null && !ids.has(tab.parentId) ? { ...tab, parentId: null } : { ...tab },
  );
  const parents = [null, ...fixed.filter((tab) => tab.parentId === null).map((tab) => tab.id)];
  const order = new Map<number, number>();
  for (const parentId of parents) {
    for (const [index, tab] of siblingsOf(fixed, parentId).entries()) order.set(tab.id, (index + 1) * 10);
  }
  return fixed.map((tab) => ({ ...tab, displayOrder: order.get(tab.id) ?? tab.displayOrder }));
}

/** Top-level tabs in order, each followed by its children: the order the header lists them. */
export function tabRows(tabs: readonly TabDisplayEntry[]): TabRow[] {
  const roots = siblingsOf(tabs, null);
  return roots.flatMap((root, index) => {
    const children = siblingsOf(tabs, root.id);
    return [
      { tab: root, depth: 0 as const, index, siblings: roots.length },
      ...children.map((child, childIndex) => ({
        tab: child,
        depth: 1 as const,
        index: childIndex,
        siblings: children.length,
      })),
    ];
  });
}

/** Moves a tab one place among its siblings (a parent takes its children along). */
export function moveTab(tabs: readonly TabDisplayEntry[], id: number, direction: -1 | 1): TabDisplayEntry[] {
  const tab = tabs.find((t) => t.id === id);
  if (!tab) return [...tabs];
  const siblings = siblingsOf(tabs, tab.parentId);
  const neighbour = siblings[siblings.indexOf(tab) + direction];
  if (!neighbour) return [...tabs];
  return tabs.map((t) =>
    t.id === tab.id
      ? { ...t, displayOrder: neighbour.displayOrder }
      : t.id === neighbour.id
        ? { ...t, displayOrder: tab.displayOrder }
        : t,
  );
}

/** Puts a tab at the top level or under another tab, last among its new siblings. */
export function setTabParent(
  tabs: readonly TabDisplayEntry[],
  id: number,
  parentId: number | null,
): TabDisplayEntry[] {
  const tab = tabs.find((t) => t.id === id);
  if (!tab || tab.parentId === parentId) return [...tabs];
  const last = Math.max(0, ...siblingsOf(tabs, parentId).map((t) => t.displayOrder));
  const moved = tabs.map((t) => (t.id === id ? { ...t, parentId, displayOrder: last + 10 } : t));
  return normaliseTabs(moved);
}

/** Tabs that may hold `id`: top-level ones other than itself. A tab with children stays at the top. */
export function parentChoices(tabs: readonly TabDisplayEntry[], id: number): TabDisplayEntry[] {
  return siblingsOf(tabs, null).filter((tab) => tab.id !== id);
}

export function hasChildren(tabs: readonly TabDisplayEntry[], id: number): boolean {
  return tabs.some((tab) => tab.parentId === id);
}

/** The PUT body: every tab with the fields an administrator arranges. */
export function tabUpdates(tabs: readonly TabDisplayEntry[]): TabUpdateEntry[] {
  return tabs.map(({ id, tabName, icon, parentId, isVisible, displayOrder }) => ({
    id,
    tabName,
    icon,
    parentId,
    isVisible,
    displayOrder,
  }));
}

/** True when the arrangement differs from the saved one in order, parent or visibility. */
export function tabsChanged(saved: readonly TabDisplayEntry[], draft: readonly TabDisplayEntry[]): boolean {
  const a = tabRows(normaliseTabs(saved));
  const b = tabRows(draft);
  return (
    a.length !== b.length ||
    a.some((row, i) => {
      const other = b[i]?.tab;
      return (
        !other ||
        other.id !== row.tab.id ||
        other.parentId !== row.tab.parentId ||
        other.isVisible !== row.tab.isVisible
      );
    })
  );
}
