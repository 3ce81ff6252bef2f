import { describe, expect, test } from 'bun:test';
import type { Location } from '@engine/api-schemas.ts';
import { noMatchHint } from './no-match-hint.ts';

const harbor = { id: 7, name: 'Harbor Street Café' } as Location;

describe('noMatchHint', () => {
  test('names every filter that is set, in one sentence', () => {
    expect(
      noMatchHint(
        { status: 'placed', locationId: 7, from: '2026-12-01', to: '2026-12-03', notAsOrdered: true },
        [harbor],
      ),
    ).toBe(
      'No placed order at Harbor Street Café dated Dec 1, 2026 to Dec 3, 2026 with a delivery not as ordered. ' +
        'Change or clear a filter to see more.',
    );
  });

  test('names the delivery filter alone', () => {
    expect(noMatchHint({ notAsOrdered: true }, [])).toBe(
      'No order with a delivery not as ordered. Change or clear a filter to see more.',
    );
  });

  test('an open-ended date range reads as earlier or later', () => {
    expect(noMatchHint({ from: '2026-12-01' }, [])).toStartWith('No order dated Dec 1, 2026 or later.');
    expect(noMatchHint({ to: '2026-01-31' }, [])).toStartWith('No order dated Jan 31, 2026 or earlier.');
  });

  test('a location no longer listed is still named as a filter', () => {
    expect(noMatchHint({ locationId: 99 }, [harbor])).toStartWith('No order at the chosen location.');
  });
});
