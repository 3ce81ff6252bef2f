import { expect, test } from 'bun:test';
import { printable } from './cli-error.ts';

test('printable escapes what would act on the terminal and keeps every other character', () => {
  expect(printable('Café Crème, 12" pan — 2½')).toBe('Café Crème, 12" pan — 2½');
  expect(printable('a\u001b[2Jb\rc\nd\te\u0000f\u007f\u009b')).toBe('a\\x1B[2Jb\\rc\\nd\\te\\x00f\\x7F\\x9B');
  expect(printable('abc\u202Egpj.exe\u2028')).toBe('abc\\u202Egpj.exe\\u2028');
});

test('printable shows spaces and marks that look like a plain space or nothing, so a name that does not match shows why', () => {
  expect(printable("unknown product 'Ham &\u00A0Gruyère Croissant'")).toBe(
    "unknown product 'Ham &\\xA0Gruyère Croissant'",
  );
  expect(printable('Oat\u200BMilk\u202F1\u00ADL\uFEFF')).toBe('Oat\\u200BMilk\\u202F1\\xADL\\uFEFF');
});
