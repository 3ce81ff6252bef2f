import { formattersByZone } from '@engine/zoned-clock.ts';

/*
 * How amounts, quantities and times read on the ordering screens. Each formatter is built once, on first use:
 * building an Intl formatter costs far more than using one (a long order renders hundreds of figures), and in a
 * tab just opened one took 5–9 ms of a throttled start whose screen showed no amount (decision 078).
 */

function once<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}

const money = once(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));
const quantity = once(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }));
const dateTime = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
const date = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));

/** "$1,234.50" */
export function formatMoney(amount: number): string {
  return money().format(amount);
}

/** "12", "1.5", "1,200" — no trailing zeros. */
export function formatQuantity(value: number): string {
  return quantity().format(value);
}

function parse(iso: string): Date | null {
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? null : value;
}

const deviceZone = once(() => new Intl.DateTimeFormat().resolvedOptions().timeZone);
const zonedDateTime = formattersByZone({
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/**
 * "Nov 20, 2026, 1:18 PM"; an unreadable value reads as an em dash. Given the café's zone, the time is the café's
 * (decision 007: an order numbered for the café's day is shown on that day), and where the device's zone differs
 * the zone is named, "Nov 20, 2026, 1:18 PM EST", so nobody reads it as their own clock.
 */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  const value = iso ? parse(iso) : null;
  if (!value) return '—';
  if (timeZone === undefined || timeZone === deviceZone()) return dateTime().format(value);
  try {
    return zonedDateTime(timeZone).format(value);
  } catch {
    // An unknown zone name (Intl throws RangeError) falls back to the device's clock rather than breaking the row.
    return dateTime().format(value);
  }
}

/** "Nov 20, 2026" */
export function formatDate(iso: string | null | undefined): string {
  const value = iso ? parse(iso) : null;
  return value ? date().format(value) : '—';
}

/** "1 line" / "87 lines" */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${quantity().format(count)} ${count === 1 ? one : many}`;
}
