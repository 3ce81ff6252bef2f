/*
 * The kept copies of a café's inventory and nightly sheet follow the saves the page has had answered since they
 * were read, so a list reopened with no network shows the numbers the server holds, not those of its last read
 * (decision 074). Shared by the page and the service worker, like `kept-copies.ts`: no engine code at run time (its
 * zod schemas would triple the worker's size), only the field names the reads and the save answers share.
 */

/** A count session as the inventory and a save's answer name it. */
export type KeptCountSession = { id: number; clearedAt: string | null } & Record<string, unknown>;

/** One product's fields as a save answered them, under the read's own names. */
export type KeptItemFields = { productId: number; typedAt?: string | null } & Record<string, unknown>;

/** The reads that follow saves: a café's inventory (counts, PARs) and its nightly sheet of a day. */
export const INVENTORY_PATH = '/api/inventory';
export const NIGHTLY_PATH = '/api/nightly-counts';

/**
 * Saves answered for one café, to be written into its kept copies of `path`:
 * - a count: `session`, the count the items were stored in;
 * - a nightly count: `businessDate` and `nightlyCount`, the day's sheet as the save left it;
 * - PARs: neither.
 */
export interface KeptItemsUpdate {
  kind: 'items';
  /** The person the answers were for; written only while they are the device's reader. */
  reader: number;
  path: typeof INVENTORY_PATH | typeof NIGHTLY_PATH;
  locationId: number;
  session?: KeptCountSession;
  businessDate?: string;
  nightlyCount?: Record<string, unknown>;
  items: readonly KeptItemFields[];
}

export function isKeptItemsUpdate(value: unknown): value is KeptItemsUpdate {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'items';
}

/** Whether a kept read's address is a copy of `path` for this café (any shape or day). */
export function isReadOf(url: URL, path: string, locationId: number): boolean {
  return url.pathname.endsWith(path) && url.searchParams.get('locationId') === String(locationId);
}

/**
 * An ISO time to the microsecond the database keeps (a Date stops at the millisecond). The answers compared here are
 * states the server stored, not edits: engine's `isNewerEdit` judges an edit as the client typed it, and refuses an
 * equal time as a replay, whereas an answer at the copy's own typed time is that same state again.
 */
function micros(iso: string): number {
  const fraction = /\.(\d+)/.exec(iso)?.[1] ?? '';
  return Date.parse(iso) * 1000 + Number(fraction.slice(3, 6).padEnd(3, '0'));
}

const isAfter = (a: string, b: string) => micros(a) > micros(b);

type Item = { productId: number; typedAt?: string | null } & Record<string, unknown>;

interface KeptRead {
  countSession?: KeptCountSession | null;
  businessDate?: string;
  nightlyCount?: Record<string, unknown> | null;
  items?: Item[];
}

/**
 * The count session a copy of the inventory has once `session`'s answer is in: none when the copy is of another
 * count (a late answer must not bring a restarted count back), the copy's own when it was cleared later.
 */
function countSessionAfter(copy: KeptRead, session: KeptCountSession): KeptCountSession | null {
  const kept = copy.countSession ?? null;
  if (kept && kept.id !== session.id) return null;
  if (kept?.clearedAt && (!session.clearedAt || isAfter(kept.clearedAt, session.clearedAt))) return kept;
  return session;
}

/**
 * Null when the answer is not about the count or day the copy shows; else the time a counted value must be typed
 * after to be written (the copy's last clear, or null), and whether the copy's count or day header moved to the
 * answer's.
 */
function typedSince(
  copy: KeptRead,
  update: KeptItemsUpdate,
): { since: string | null; changed: boolean } | null {
  if (update.businessDate !== undefined) {
    if (copy.businessDate !== update.businessDate) return null;
    copy.nightlyCount = update.nightlyCount ?? copy.nightlyCount ?? null;
    return { since: null, changed: update.nightlyCount !== undefined };
  }
  if (!update.session) return { since: null, changed: false };
  const session = countSessionAfter(copy, update.session);
  if (!session) return null;
  const changed = copy.countSession?.id !== session.id || copy.countSession.clearedAt !== session.clearedAt;
  if (changed) copy.countSession = { ...copy.countSession, ...session };
  return { since: session.clearedAt, changed };
}

/**
 * Writes `updates`, in the order they were answered, into a kept read (its parsed JSON). Returns whether anything
 * changed. The copy's time stays what it was: it is still the list of that read, with this device's own saves
 * since. Counted values are written as the server stores edits, so an answer never makes a copy older: typed after
 * the copy's last clear, and after the value the copy holds (to the microsecond). PARs carry no typed time in the
 * inventory and are written in the order the answers came.
 */
export function applyItemsUpdates(read: unknown, updates: readonly KeptItemsUpdate[]): boolean {
  const copy = read as KeptRead;
  if (!Array.isArray(copy.items)) return false;
  const byProduct = new Map(copy.items.map((item, index) => [item.productId, index]));
  let changed = false;
  for (const update of updates) {
    const scope = typedSince(copy, update);
    if (!scope) continue;
    changed ||= scope.changed;
    const counted = update.session !== undefined || update.businessDate !== undefined;
    for (const fields of update.items) {
      const index = byProduct.get(fields.productId);
      const item = index === undefined ? undefined : copy.items[index];
      if (!item) continue;
      if (counted) {
        const typedAt = fields.typedAt ?? null;
        if (typedAt === null) continue;
        if (scope.since && !isAfter(typedAt, scope.since)) continue;
        if (item.typedAt && isAfter(item.typedAt, typedAt)) continue;
      }
      const { productId: _, ...rest } = fields;
      Object.assign(item, rest);
      changed = true;
    }
  }
  return changed;
}
