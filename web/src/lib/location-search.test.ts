import { describe, expect, test } from 'bun:test';
import { searchSeenByPage } from '@web-test/route-search.ts';
import { parseLocationSearch } from './location-search.ts';

describe('?location=', () => {
  test('keeps a café id, from a number or text', () => {
    expect(parseLocationSearch({ location: 7 })).toEqual({ location: 7 });
    expect(parseLocationSearch({ location: '7' })).toEqual({ location: 7 });
  });

  test('the page reads no café for a value that is not an id, not the raw value from the address', () => {
    for (const query of ['location=abc', 'location=0', 'location=2.5', 'location=-1']) {
      expect({
        query,
        location: searchSeenByPage(parseLocationSearch, `/approvals?${query}`).location,
      }).toEqual({ query, location: undefined });
    }
    expect(searchSeenByPage(parseLocationSearch, '/approvals?location=7').location).toBe(7);
  });
});
