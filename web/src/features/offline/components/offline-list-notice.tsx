import { clockTime, useOfflineListTime } from '@web/lib/offline/reads-from-cache.ts';
import { useSelectedAction } from '@web/lib/storage/selected-action.ts';
import { OfflineLine } from './offline-line.tsx';

/**
 * The words the screens use for a list read from the device. A list kept on an earlier day names the day
 * too: yesterday's 14:05 must not pass for today's.
 */
export function offlineListText(at: number, now: number = Date.now()): string {
  const kept = new Date(at);
  const sameDay = kept.toDateString() === new Date(now).toDateString();
  const day = sameDay
    ? ''
    : `${kept.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' })}, `;
  return `Offline — showing the list from ${day}${clockTime(at)}`;
}

/**
 * Says, above any screen, that what it shows was kept on the device: the time is when the oldest of those
 * answers came from the server. Typing still works; the outbox sends it when the network returns.
 */
export function OfflineListNotice() {
  const since = useOfflineListTime();
  const [operation] = useSelectedAction();
  // The Shopping List is no offline screen: its own notice (needs-connection.tsx) says what holds, not this one.
  if (since === null || operation === 'shopping_list') return null;
  return (
    <OfflineLine
      testId="offline-list-notice"
      title={offlineListText(since)}
      detail="what you type is kept on this device and sent when the network returns"
    />
  );
}
