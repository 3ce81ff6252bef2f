import { expect, test } from 'bun:test';
import { foldForSearch, hasEveryWord, searchWords } from './search-words.ts';

test('every word typed must appear, in any order, ignoring case and accents', () => {
  const folded = foldForSearch('Zoë Café-Brûlé zoe.cafe@parstock.test');
  expect(hasEveryWord(folded, searchWords('  cafe ZOE '))).toBe(true);
  expect(hasEveryWord(folded, searchWords('brule parstock'))).toBe(true);
  expect(hasEveryWord(folded, searchWords('zoe smith'))).toBe(false);
  expect(searchWords('   ')).toEqual([]);
  expect(hasEveryWord(folded, [])).toBe(true);
});
