import { clockTime, useOfflineListTime } from '@web/lib/offline/reads-from-cache.ts';
import { CloudOff } from 'lucide-react';

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
  if (since === null) return null;
  return (
    // One slim line on a phone: the rows being counted stay in view beneath it.
    <div
      role="status"
      data-testid="offline-list-notice"
      className="-mt-2 mb-3 flex items-center gap-2 rounded-[var(--ui-card-radius,var(--radius))] border border-warning/50 bg-warning/10 px-3 py-1.5 text-sm sm:mt-0 sm:mb-4"
    >
      <CloudOff aria-hidden className="size-4 shrink-0 text-warning" />
      <p>
        <span className="font-semibold">{offlineListText(since)}</span>
        <span className="hidden text-muted-foreground sm:inline">
          {' '}
          · what you type is kept on this device and sent when the network returns
        </span>
      </p>
    </div>
  );
}
