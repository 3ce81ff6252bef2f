import { describe, expect, test } from 'bun:test';
import { readProductCsvFile } from './product-csv-file.ts';

// "Ham & Gruyère Croissant" as Excel saves it on Windows (cp1252: è is the one byte E8).
const cp1252 = (text: string) => Uint8Array.from(text, (char) => (char === 'è' ? 0xe8 : char.charCodeAt(0)));
const file = (bytes: Uint8Array<ArrayBuffer>, name = 'products.csv') =>
  new File([bytes], name, { type: 'text/csv' });

describe('readProductCsvFile', () => {
  test('reads UTF-8 with or without a byte-order mark', async () => {
    const text = 'name,category,unit\r\nHam & Gruyère Croissant,Bakery,each\r\n';
    expect(await readProductCsvFile(file(new TextEncoder().encode(`\uFEFF${text}`)))).toEqual({
      ok: true,
      csv: text,
    });
    expect(await readProductCsvFile(file(new TextEncoder().encode(text)))).toEqual({ ok: true, csv: text });
  });

  test('refuses a Windows-1252 file by name instead of reading "Gruy\uFFFDre", a new product', async () => {
    expect(
      await readProductCsvFile(file(cp1252('name,category,unit\r\nHam & Gruyère Croissant,Bakery,each\r\n'))),
    ).toEqual({
      ok: false,
      problem:
        'Cannot import products.csv: it is not UTF-8 text (line 2 has a character in another encoding); save it as CSV UTF-8.',
    });
  });

  test('refuses UTF-16 ("Unicode Text") as the command line does, not as a NUL character', async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'name,unit\r\n'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(await readProductCsvFile(file(utf16, 'unicode.txt'))).toEqual({
      ok: false,
      problem:
        'Cannot import unicode.txt: it is UTF-16 text (Excel’s “Unicode Text”), not a CSV file in UTF-8; save it as CSV UTF-8.',
    });
  });
});
