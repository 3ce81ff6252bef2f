import type { Db } from '@db/client.ts';
import { findLocationTimeZone } from '@db/repositories/locations.ts';
import {
  businessDateIn,
  NIGHTLY_EDITABLE_DAYS,
  type NightlyDateAccess,
  nightlyDateAccess,
} from '@engine/business-date.ts';
import { AppError } from '@engine/errors/app-error.ts';

export interface NightlyDay {
  businessDate: string;
  today: string;
  timezone: string;
  access: Exclude<NightlyDateAccess, 'future'>;
}

/**
 * The business date a nightly-count call is about: the given date, or today in the location's time zone
 * (by the app's clock, which tests fix). A date after today does not exist yet (400).
 */
export async function resolveNightlyDay(
  db: Db,
  input: { locationId: number; date?: string; now: Date },
): Promise<NightlyDay> {
  const timezone = await findLocationTimeZone(db, input.locationId);
  if (timezone === null) throw new Error(`Location ${input.locationId} vanished after its scope check`);
  const today = businessDateIn(input.now, timezone);
  const businessDate = input.date ?? today;
  const access = nightlyDateAccess(businessDate, today);
  if (access === 'future') {
    throw AppError.validation(`${businessDate} has not begun yet at this location (today is ${today}).`, [
      { path: 'date', message: `date must be ${today} or earlier` },
    ]);
  }
  return { businessDate, today, timezone, access };
}

/** Writes to days past the editing window are refused: what was counted then is history. */
export function assertEditable(day: NightlyDay): void {
  if (day.access === 'read_only') {
    throw new AppError(
      'nightly_count_read_only',
      `The nightly count of ${day.businessDate} can no longer be changed: nightly counts are read-only after ${NIGHTLY_EDITABLE_DAYS} days.`,
      { details: { businessDate: day.businessDate, today: day.today, editableDays: NIGHTLY_EDITABLE_DAYS } },
    );
  }
}
