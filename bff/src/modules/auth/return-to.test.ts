import { expect, test } from 'bun:test';
import { safeReturnTo } from './return-to.ts';

test('keeps paths on this site, with their query', () => {
  expect(safeReturnTo('/orders?status=open')).toBe('/orders?status=open');
  expect(safeReturnTo('/')).toBe('/');
});

test('drops anything that could lead to another site', () => {
  for (const value of [
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'evil',
    '',
    null,
    undefined,
  ]) {
    expect(safeReturnTo(value)).toBeNull();
  }
  expect(safeReturnTo(`/${'a'.repeat(3000)}`)).toBeNull();
});
