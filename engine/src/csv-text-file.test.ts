import { describe, expect, test } from 'bun:test';
import { csvFileText, NotUtf8TextError, notCsvTextReason, StrictUtf8Decoder } from './csv-text-file.ts';

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

const cp1252 = (text: string) => Uint8Array.from(text, (char) => (char === 'è' ? 0xe8 : char.charCodeAt(0)));

describe('csvFileText', () => {
  test('reads UTF-8 without its byte-order mark', () => {
    expect(csvFileText(bytes('\uFEFFname\r\nHam & Gruyère Croissant\r\n'))).toEqual({
      ok: true,
      text: 'name\r\nHam & Gruyère Croissant\r\n',
    });
  });

  test('refuses Windows-1252 and UTF-16 by name instead of reading the wrong letters', () => {
    expect(csvFileText(cp1252('name,unit\r\nHam & Gruyère Croissant,each\r\n'))).toEqual({
      ok: false,
      reason: 'it is not UTF-8 text (line 2 has a character in another encoding); save it as CSV UTF-8',
    });
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'name'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(csvFileText(utf16)).toMatchObject({ ok: false, reason: expect.stringContaining('UTF-16') });
  });
});

describe('StrictUtf8Decoder', () => {
  const lines = (count: number) =>
    Array.from({ length: count }, (_, i) => `DT-01,Product ${i},2`).join('\r\n');

  test('a bad byte far past the start is refused with its line, wherever the pieces are cut', () => {
    const file = new Uint8Array([
      ...bytes(`${lines(3001)}\r\n`),
      ...cp1252('DT-01,Ham & Gruyère Croissant,2\r\n'),
    ]);
    for (const size of [1, 7, 4096, 64 * 1024]) {
      const decoder = new StrictUtf8Decoder();
      let error: unknown = null;
      try {
        for (let start = 0; start < file.length; start += size)
          decoder.decode(file.subarray(start, start + size));
        decoder.decode(new Uint8Array(0), true);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(NotUtf8TextError);
      expect((error as NotUtf8TextError).reason).toBe(
        'it is not UTF-8 text (line 3002 has a character in another encoding); save it as CSV UTF-8',
      );
    }
  });

  test('counts CR, LF and CRLF line ends as the CSV reader does, also cut between pieces', () => {
    const file = new Uint8Array([...bytes('a\rb\nc\r\nd\r'), ...bytes('\ne '), 0xe9]);
    const decoder = new StrictUtf8Decoder();
    decoder.decode(file.subarray(0, 9));
    expect(() => decoder.decode(file.subarray(9), true)).toThrow('line 5 has a character');
  });

  test('joins a UTF-8 character cut between pieces, and refuses one cut at the end of the file', () => {
    const file = bytes('Café Crème');
    const decoder = new StrictUtf8Decoder();
    const text =
      [...file].map((byte) => decoder.decode(Uint8Array.of(byte))).join('') +
      decoder.decode(new Uint8Array(0), true);
    expect(text).toBe('Café Crème');
    const cut = new StrictUtf8Decoder();
    cut.decode(file.subarray(0, 4));
    expect(() => cut.decode(new Uint8Array(0), true)).toThrow('line 1 has a character');
  });
});
