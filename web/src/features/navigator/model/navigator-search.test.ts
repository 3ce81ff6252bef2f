import { describe, expect, test } from 'bun:test';
import { searchSeenByPage } from '@web-test/route-search.ts';
import { navigatorView, parseNavigatorSearch } from './navigator-search.ts';

describe('the Navigator URL', () => {
  test('a bare link opens inventory value over the last four weeks at every café', () => {
    expect(navigatorView(parseNavigatorSearch({}), '2026-03-10')).toEqual({
      report: 'inventory-value',
      from: '2026-02-11',
      to: '2026-03-10',
      locations: [],
    });
  });
  test('keeps a valid report, range and cafés; one café is a list of one', () => {
    const search = parseNavigatorSearch({
      report: 'usage',
      from: '2026-01-01',
      to: '2026-01-31',
      locations: '4',
    });
    expect(navigatorView(search, '2026-03-10')).toEqual({
      report: 'usage',
      from: '2026-01-01',
      to: '2026-01-31',
      locations: [4],
    });
  });
  test('drops what does not parse instead of failing, and turns a backwards range round', () => {
    const search = parseNavigatorSearch({
      report: 'nope',
      from: '2026-03-05',
      to: '2026-03-01',
      locations: ['x'],
    });
    expect(search).toEqual({ from: '2026-03-05', to: '2026-03-01' });
    expect(navigatorView(search, '2026-03-10')).toMatchObject({ from: '2026-03-01', to: '2026-03-05' });
  });
  test('shortens a range longer than a report covers from its start, and keeps the start asked for', () => {
    expect(
      navigatorView(parseNavigatorSearch({ from: '2020-01-01', to: '2026-03-10' }), '2026-03-10'),
    ).toMatchObject({ from: '2025-03-09', askedFrom: '2020-01-01' });
    expect(
      navigatorView(parseNavigatorSearch({ from: '2026-01-01', to: '2026-03-10' }), '2026-03-10').askedFrom,
    ).toBeUndefined();
  });
  test('a district stands in for the cafés unless cafés are named; one that does not parse is dropped', () => {
    expect(navigatorView(parseNavigatorSearch({ district: '2' }), '2026-03-10')).toMatchObject({
      locations: [],
      district: 2,
    });
    expect(
      navigatorView(parseNavigatorSearch({ district: '2', locations: '4' }), '2026-03-10'),
    ).not.toHaveProperty('district');
    expect(parseNavigatorSearch({ district: 'north' })).toEqual({});
    expect(parseNavigatorSearch({ district: '-1' })).toEqual({});
  });
});

describe('a bad value in the address, as the page reads it through the router', () => {
  const viewOf = (query: string) =>
    navigatorView(searchSeenByPage(parseNavigatorSearch, `/navigator?${query}`), '2026-03-10');
  const bare = navigatorView({}, '2026-03-10');

  test('falls back to its default instead of reaching the page', () => {
    for (const query of [
      'report=bogus',
      'locations=abc',
      'locations=3&locations=x',
      'district=north',
      'from=xx',
      'to=xx',
      'from=2026-13-45',
      'from=2026-02-30',
      'to=0000-01-01',
      'from=20260301',
    ]) {
      expect({ query, view: viewOf(query) }).toEqual({ query, view: bare });
    }
  });

  test('keeps the good values beside a bad one', () => {
    expect(viewOf('report=usage&from=2026-02-30&to=2026-03-05&locations=abc')).toEqual({
      report: 'usage',
      from: '2026-02-06',
      to: '2026-03-05',
      locations: [],
    });
  });
});
