import type { OperationKey } from '@engine/operations.ts';
import { parseOutbox } from './outbox-state.ts';
import { type KeyValueStore, OUTBOX_PREFIX, type OutboxScreen } from './outbox-storage.ts';

export interface WaitingElsewhere {
  locationId: number;
  screen: OutboxScreen;
  count: number;
}

/**
 * Edits this person typed on this device for another café or screen than the one open, still waiting: each
 * outbox sends only while its own screen is open, so after a reload they wait until that screen is opened again.
 * Grouped by café and screen, largest first.
 */
export function waitingElsewhere(
  store: KeyValueStore,
  userId: number,
  here: { locationId: number; screen: OperationKey },
): WaitingElsewhere[] {
  const groups = new Map<string, WaitingElsewhere>();
  const own = `${OUTBOX_PREFIX}:${userId}:`;
  for (const key of store.keys()) {
    if (!key.startsWith(own)) continue;
    const [location = '', screen = ''] = key.slice(own.length).split(':');
    const locationId = Number(location);
    if (!Number.isSafeInteger(locationId) || locationId <= 0) continue;
    if (locationId === here.locationId && screen === here.screen) continue;
    const count = parseOutbox(store.get(key), (value): value is unknown => value !== undefined).entries
      .length;
    if (count === 0) continue;
    const group = `${locationId}:${screen}`;
    const before = groups.get(group);
    groups.set(group, { locationId, screen: screen as OutboxScreen, count: (before?.count ?? 0) + count });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}
