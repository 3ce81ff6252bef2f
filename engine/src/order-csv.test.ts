import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { parseCsv } from './csv-parse.ts';
import { csvCell, csvCellText, ORDER_CSV_HEADER, orderLinesCsv, toCsv, UTF8_BOM } from './order-csv.ts';

describe('csvCell', () => {
  test('plain text and numbers stay as they are', () => {
    expect(csvCell('Oat Milk')).toBe('Oat Milk');
    expect(csvCell(2.5)).toBe('2.5');
    expect(csvCell(null)).toBe('');
  });

  test('commas, quotes and line breaks are quoted, quotes doubled', () => {
    expect(csvCell('Cups, 12oz')).toBe('"Cups, 12oz"');
    expect(csvCell('12" plates')).toBe('"12"" plates"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  test('text a spreadsheet would run as a formula gets a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@sum')).toBe("'@sum");
  });

  test('an apostrophe already in front of a formula gets one more, so reading takes exactly one away', () => {
    expect(csvCell("'=1")).toBe("''=1");
    expect(csvCell("'plain")).toBe("'plain");
  });
});

describe('csvCellText', () => {
  test('takes away the apostrophe csvCell put in front of formula-looking text, and nothing else', () => {
    expect(csvCellText("'=1+2 Formula Cup")).toBe('=1+2 Formula Cup');
    expect(csvCellText("'-Minus Lid")).toBe('-Minus Lid');
    expect(csvCellText("'+1")).toBe('+1');
    expect(csvCellText("'@sum")).toBe('@sum');
    expect(csvCellText("''=1")).toBe("'=1");
    expect(csvCellText("'Tis the Season Blend")).toBe("'Tis the Season Blend");
    expect(csvCellText("'")).toBe("'");
    expect(csvCellText('-2')).toBe('-2');
  });

  test('csvCell, then reading the file back, gives any text back unchanged', () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', '\n', '"', ',', ' ', '\uFEFF'),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
      ),
    });
    fc.assert(
      fc.property(text, (value) => {
        const { rows } = parseCsv(toCsv(['text', 'end'], [[value, 'x']]));
        expect(rows.map((row) => csvCellText(row.cells[0] ?? ''))).toEqual([value]);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('toCsv', () => {
  test('a header row, then one row per record, CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x'],
          [null, 'y,z'],
        ],
      ),
    ).toBe(`${UTF8_BOM}a,b\r\n1,x\r\n,"y,z"\r\n`);
  });

  test('no records is still a header row, after the byte-order mark Excel reads UTF-8 by', () => {
    expect(toCsv(['a'], [])).toBe('\uFEFFa\r\n');
  });
});

describe('orderLinesCsv', () => {
  test('one row per line with the order columns repeated', () => {
    const csv = orderLinesCsv([
      {
        number: 'DT-20261121-0001',
        status: 'submitted',
        location: { code: 'DT', name: 'Downtown' },
        createdAt: '2026-11-21T09:00:00.000Z',
        createdBy: { name: 'Mia Manager' },
        note: 'Before Friday, please',
        lines: [
          {
            productName: 'Oat Milk',
            category: 'Dairy',
            unit: 'case',
            quantity: 2,
            unitCost: 2.5,
            lineTotal: 5,
            sku: 'VFD-0002',
            vendor: 'Valley Fresh Dairy',
            receivedAt: '2026-11-23T14:05:00.000Z',
            receivedQuantity: 1.5,
          },
          {
            productName: 'Cups, 12oz',
            category: 'Supplies',
            unit: 'each',
            quantity: 1.5,
            unitCost: 3,
            lineTotal: 4.5,
            sku: null,
            vendor: null,
            receivedAt: null,
            receivedQuantity: null,
          },
        ],
      },
    ]);
    const rows = csv.split('\r\n');
    expect(rows[0]).toBe(UTF8_BOM + ORDER_CSV_HEADER.join(','));
    expect(rows[1]).toBe(
      'DT-20261121-0001,submitted,DT,Downtown,2026-11-21T09:00:00.000Z,Mia Manager,"Before Friday, please",Oat Milk,Dairy,case,2,2.5,5,VFD-0002,Valley Fresh Dairy,2026-11-23T14:05:00.000Z,1.5',
    );
    expect(rows[2]).toBe(
      'DT-20261121-0001,submitted,DT,Downtown,2026-11-21T09:00:00.000Z,Mia Manager,"Before Friday, please","Cups, 12oz",Supplies,each,1.5,3,4.5,,,,',
    );
    expect(rows).toHaveLength(4);
  });
});
