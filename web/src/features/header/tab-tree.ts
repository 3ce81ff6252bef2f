import type { TabDisplayEntry } from '@engine/api-schemas.ts';
import { OPERATIONS, parseOperationKey } from '@engine/operations.ts';
import type { PermissionKey } from '@engine/permissions.ts';

export interface TabNode {
  entry: TabDisplayEntry;
  name: string;
  children: TabNode[];
}

/**
 * The header's tab tree (requirements §2): roots are tabs without a parent, children hang off `parentId`, both in
 * display order. A tab is offered only when it is not hidden and the user holds its permission; a hidden or
 * forbidden parent takes its children with it, so nothing shows without the context it belongs to.
 */
export function buildTabTree(
  entries: readonly TabDisplayEntry[],
  can: (permission: PermissionKey) => boolean,
): TabNode[] {
  const offered = entries.filter(
    (entry) => entry.isVisible !== false && (entry.permission === null || can(entry.permission)),
  );
  const byOrder = (a: TabDisplayEntry, b: TabDisplayEntry) => a.displayOrder - b.displayOrder || a.id - b.id;
  const toNode = (entry: TabDisplayEntry): TabNode => ({
    entry,
    name: tabDisplayName(entry),
    children: offered
      .filter((child) => child.parentId === entry.id)
      .sort(byOrder)
      .map(toNode),
  });
  return offered
    .filter((entry) => entry.parentId === null)
    .sort(byOrder)
    .map(toNode);
}

const ACRONYMS = new Set(['api', 'ui', 'csv', 'par', 'pars']);

/** `admin_api_health` → "API Health": the key is the only name an admin_ tab is promised to have. */
export function nameFromAdminKey(tabKey: string): string {
  const words = tabKey
    .replace(/^admin_/, '')
    .split(/[_-]+/)
    .filter(Boolean);
  if (words.length === 0) return 'Settings';
  return words
    .map((word) =>
      ACRONYMS.has(word.toLowerCase())
        ? word.toUpperCase().replace(/^PARS$/, 'PARs')
        : word[0]?.toUpperCase() + word.slice(1),
    )
    .join(' ');
}

/** Tabs whose names are fixed by the product, whatever a row in the tab table says. */
const NAMES_BY_KEY: Readonly<Record<string, string>> = {
  admin_panel: 'Settings',
  admin_ui: 'UI & Tabs',
  view_cart: 'View Cart',
};

/**
 * Requirements §2: a fixed name from the key mapping (the four operations keep theirs everywhere); otherwise an
 * `admin_` tab is named after its key; every other tab uses the name an admin gave it.
 */
export function tabDisplayName(entry: Pick<TabDisplayEntry, 'tabKey' | 'tabName'>): string {
  const operation = parseOperationKey(entry.tabKey);
  if (operation) return OPERATIONS[operation].name;
  const fixed = NAMES_BY_KEY[entry.tabKey];
  if (fixed) return fixed;
  if (entry.tabKey.startsWith('admin_')) return nameFromAdminKey(entry.tabKey);
  return entry.tabName;
}
