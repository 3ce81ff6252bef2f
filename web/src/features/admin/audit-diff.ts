/**
 * Before/after of an audit entry as lines a person reads: only what changed, each with a dotted path
 * ("permissions", "categories[Bakery].displayOrder"). Lists of records are keyed by their id or name
 * rather than their position, so a reorder reads as changed positions, not as every row replaced.
 */

export interface DiffLine {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before: string | null;
  after: string | null;
}

// Words a person recognises first ("tabs[navigator].isVisible", not "tabs[11].isVisible"); the id only when no such
// word tells the records apart.
const IDENTITY_KEYS = ['tabKey', 'key', 'category', 'code', 'email', 'name', 'productId', 'id'] as const;

/** Stamps every edit moves: the entry's own time says when, so they are no change a person reads. */
const STAMPS: ReadonlySet<string> = new Set(['updatedAt']);

type Leaves = Map<string, string>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function formatLeaf(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function identityOf(items: readonly unknown[]): string | null {
  if (items.length === 0 || !items.every(isRecord)) return null;
  for (const key of IDENTITY_KEYS) {
    const values = items.map((item) => (item as Record<string, unknown>)[key]);
    const usable = values.every((value) => typeof value === 'string' || typeof value === 'number');
    if (usable && new Set(values).size === values.length) return key;
  }
  return null;
}

function flatten(value: unknown, path: string, out: Leaves): void {
  if (Array.isArray(value)) {
    // A list of plain values reads best as one line ("count_inventory, nightly_counts").
    if (value.every((item) => !isRecord(item) && !Array.isArray(item))) {
      out.set(path, value.length === 0 ? '(none)' : value.map(formatLeaf).join(', '));
      return;
    }
    const key = identityOf(value);
    value.forEach((item, index) => {
      const label = key ? String((item as Record<string, unknown>)[key]) : String(index);
      flatten(item, `${path}[${label}]`, out);
    });
    return;
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0 && path) out.set(path, '{}');
    for (const [key, inner] of entries) flatten(inner, path ? `${path}.${key}` : key, out);
    return;
  }
  out.set(path || 'value', formatLeaf(value));
}

function hasInside(leaves: Leaves, path: string): boolean {
  for (const key of leaves.keys()) if (key.startsWith(`${path}.`) || key.startsWith(`${path}[`)) return true;
  return false;
}

export function auditDiff(before: unknown, after: unknown): DiffLine[] {
  const a: Leaves = new Map();
  const b: Leaves = new Map();
  if (before !== null && before !== undefined) flatten(before, '', a);
  if (after !== null && after !== undefined) flatten(after, '', b);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  const lines: DiffLine[] = [];
  for (const path of paths) {
    if (STAMPS.has(path.slice(path.lastIndexOf('.') + 1))) continue;
    const was = a.get(path);
    const now = b.get(path);
    if (was === now) continue;
    // An empty map on one side that the other fills ("quantities: {}" before a cart's first lines): its lines say it.
    if (
      (was === '{}' && now === undefined && hasInside(b, path)) ||
      (now === '{}' && was === undefined && hasInside(a, path))
    )
      continue;
    if (was === undefined) lines.push({ path, kind: 'added', before: null, after: now ?? null });
    else if (now === undefined) lines.push({ path, kind: 'removed', before: was, after: null });
    else lines.push({ path, kind: 'changed', before: was, after: now });
  }
  return lines;
}

/** "user.reset_password" → "User reset password". */
export function describeAction(action: string): string {
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
