import { localTime } from './cafe-time-labels.ts';

/**
 * Why a PAR could not be saved, in the words a person uses: "Locked by Dana Reyes at 14:02" on the day it was
 * locked, "Locked by Dana Reyes on 2026-11-24 at 14:02" later. What the server did not say is left out.
 */
export function parLockedReason(
  lock: { lockedBy: { name: string } | null; lockedAt: string | null },
  now: Date,
  timeZone?: string,
): string {
  const by = lock.lockedBy?.name.trim() ? ` by ${lock.lockedBy.name.trim()}` : '';
  const instant = lock.lockedAt === null ? null : new Date(lock.lockedAt);
  if (instant === null || Number.isNaN(instant.getTime())) return `Locked${by}`;
  const locked = localTime(instant, timeZone);
  const today = localTime(now, timeZone);
  return locked.day === today.day
    ? `Locked${by} at ${locked.time}`
    : `Locked${by} on ${locked.day} at ${locked.time}`;
}
