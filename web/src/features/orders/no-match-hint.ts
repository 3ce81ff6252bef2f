import type { Location } from '@engine/api-schemas.ts';
import { ORDER_STATUS_LABELS } from '@web/components/ui/order-status-badge.tsx';
import type { OrderFilters } from '@web/lib/orders/order-queries.ts';

// A filter's day is a calendar day, not an instant: read it in UTC so no device zone moves it a day.
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const day = (value: string) => dayFormat.format(new Date(`${value}T00:00:00Z`));

/**
 * What an empty filtered Orders list says: the filters that emptied it, named as a sentence ("No placed order at
 * Harbor Street Café with a delivery not as ordered."), so the manager sees which one to loosen.
 */
export function noMatchHint(filters: OrderFilters, locations: readonly Location[]): string {
  const words = ['No'];
  if (filters.status) words.push(ORDER_STATUS_LABELS[filters.status].toLowerCase());
  words.push('order');
  if (filters.locationId) {
    const location = locations.find((each) => each.id === filters.locationId);
    words.push(location ? `at ${location.name}` : 'at the chosen location');
  }
  if (filters.from && filters.to) words.push(`dated ${day(filters.from)} to ${day(filters.to)}`);
  else if (filters.from) words.push(`dated ${day(filters.from)} or later`);
  else if (filters.to) words.push(`dated ${day(filters.to)} or earlier`);
  if (filters.notAsOrdered) words.push('with a delivery not as ordered');
  return `${words.join(' ')}. Change or clear a filter to see more.`;
}
