/*
 * The kept copy of a café's inventory follows the saves the page has had answered since that copy was read, so a
 * count reopened with no network shows the numbers the server holds, not the ones of its last read (decision 074).
 * Shared by the page and the service worker, like `kept-copies.ts`: no engine code at run time (its zod schemas
 * would triple the worker's size), only the field names the inventory and the save answers share.
 */

/** A count session as the inventory and a save's answer name it. */
export type KeptCountSession = { id: number; clearedAt: string | null } & Record<string, unknown>;

/** One product's fields as a save answered them, under the inventory item's names. */
export type KeptItemFields = { productId: number; typedAt?: string | null } & Record<string, unknown>;

/**
 * Saves answered for one café, to be written into its kept inventory: `session` is set for counts (the session the
 * items were stored in), absent for PARs.
 */
export interface KeptItemsUpdate {
  kind: 'items';
  /** The person the answers were for; written only while they are the device's reader. */
  reader: number;
  locationId: number;
  session?: KeptCountSession;
  items: KeptItemFields[];
}

export function isKeptItemsUpdate(value: unknown): value is KeptItemsUpdate {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'items';
}

/** The inventory's path; its copies are kept per café and shape, the café named by `locationId`. */
export const INVENTORY_PATH = '/api/inventory';

/** Whether a kept read's address is a copy of this café's inventory (either shape). */
export function isInventoryOf(url: URL, locationId: number): boolean {
  return url.pathname.endsWith(INVENTORY_PATH) && url.searchParams.get('locationId') === String(locationId);
}

/** An ISO time to the microsecond the database keeps (a Date stops at the millisecond). */
function micros(iso: string): number {
  const fraction = /\.(\d+)/.exec(iso)?.[1] ?? '';
  return Date.parse(iso) * 1000 + Number(fraction.slice(3, 6).padEnd(3, '0'));
}

const isAfter = (a: string, b: string) => micros(a) > micros(b);

interface InventoryCopy {
  countSession?: KeptCountSession | null;
  items?: ({ productId: number; typedAt?: string | null } & Record<string, unknown>)[];
}

/**
 * The count fields of `update` that the copy should take: none when the copy is of another count (a late answer
 * must not bring a restarted count back) or already newer. A copy read after the save holds its value or a later
 * one typed elsewhere; a copy read after a clear holds none of what was typed before it.
 */
function countSessionAfter(copy: InventoryCopy, session: KeptCountSession): KeptCountSession | null {
  const kept = copy.countSession ?? null;
  if (kept && kept.id !== session.id) return null;
  if (kept?.clearedAt && (!session.clearedAt || isAfter(kept.clearedAt, session.clearedAt))) return kept;
  return session;
}

/**
 * Writes `updates`, in the order they were answered, into a kept inventory (its parsed JSON). Returns whether
 * anything changed. The copy's time stays what it was: it is still the list of that read, with this device's own
 * saves since.
 */
export function applyItemsUpdates(inventory: unknown, updates: readonly KeptItemsUpdate[]): boolean {
  const copy = inventory as InventoryCopy;
  if (!Array.isArray(copy.items)) return false;
  const byProduct = new Map(copy.items.map((item, index) => [item.productId, index]));
  let changed = false;
  for (const update of updates) {
    let clearedAt: string | null = null;
    if (update.session) {
      const session = countSessionAfter(copy, update.session);
      if (!session) continue;
      if (copy.countSession?.id !== session.id || copy.countSession.clearedAt !== session.clearedAt) {
        copy.countSession = { ...copy.countSession, ...session };
        changed = true;
      }
      clearedAt = session.clearedAt;
    }
    for (const fields of update.items) {
      const index = byProduct.get(fields.productId);
      const item = index === undefined ? undefined : copy.items[index];
      if (!item) continue;
      if (update.session) {
        const typedAt = fields.typedAt ?? null;
        if (typedAt === null) continue;
        if (clearedAt && !isAfter(typedAt, clearedAt)) continue;
        if (item.typedAt && isAfter(item.typedAt, typedAt)) continue;
      }
      const { productId: _, ...rest } = fields;
      Object.assign(item, rest);
      changed = true;
    }
  }
  return changed;
}
