import { describe, expect, test } from 'bun:test';
import { notCsvTextReason } from './text-file-check.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('notCsvTextReason', () => {
  test('passes UTF-8 text, with or without a byte-order mark, tabs and CRLF', () => {
    expect(
      notCsvTextReason(bytes('\uFEFFlocation_code,product,par\r\nDT-01,Café Crème,2\r\n'), true),
    ).toBeNull();
    expect(notCsvTextReason(bytes('location_code\tproduct\tpar\n'), true)).toBeNull();
  });

  test('a character cut at the end of the bytes looked at is not a fault, unless the file ends there', () => {
    const cut = bytes('product\nCafé').slice(0, -1);
    expect(notCsvTextReason(cut, false)).toBeNull();
    expect(notCsvTextReason(cut, true)).toContain('is not UTF-8 text');
  });

  test('names binary data, workbooks, UTF-16 and other encodings in words', () => {
    expect(notCsvTextReason(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), true)).toBe(
      'it is not a CSV text file (it holds binary data)',
    );
    expect(notCsvTextReason(new Uint8Array([0x1b, 0x5b, 0xff, 0x07, 0x41]), true)).toBe(
      'it is not a CSV text file (it holds binary data)',
    );
    expect(notCsvTextReason(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0]), false)).toContain(
      'it is a workbook or an archive',
    );
    expect(notCsvTextReason(new Uint8Array([0xff, 0xfe, 0x6c, 0]), true)).toContain('it is UTF-16 text');
    expect(notCsvTextReason(new Uint8Array([...bytes('product,par\r\nCaf'), 0xe9, 0x2c, 0x32]), true)).toBe(
      'it is not UTF-8 text (line 2 has a character in another encoding); save it as CSV UTF-8',
    );
  });
});
