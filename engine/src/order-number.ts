/**
 * An order's number as people read it out on the phone: the location code, the business day in the
 * location's time zone and that location's running number for the day, e.g. DT-01-20261121-0001.
 */
export function formatOrderNumber(locationCode: string, businessDate: string, sequence: number): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(businessDate)) {
    throw new Error(`An order's business date must be YYYY-MM-DD, got ${businessDate}`);
  }
  if (!Number.isInteger(sequence) || sequence < 1) {
    throw new Error(`An order's sequence must be a positive whole number, got ${sequence}`);
  }
  return `${orderNumberPrefix(locationCode, businessDate)}${String(sequence).padStart(4, '0')}`;
}

/** Everything before the day's running number; numbers of one location and day share it. */
export function orderNumberPrefix(locationCode: string, businessDate: string): string {
  return `${locationCode}-${businessDate.replaceAll('-', '')}-`;
}
