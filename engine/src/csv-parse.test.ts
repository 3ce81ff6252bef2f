import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  CsvReader,
  type CsvRow,
  CsvSyntaxError,
  decimalCommaHint,
  extraCellsProblem,
  headerDelimiter,
  parseCsv,
} from './csv-parse.ts';

describe('parseCsv', () => {
  test('splits a header and rows, numbering rows by their line in the file', () => {
    expect(parseCsv('name,unit\nBeans,bag\nMilk,carton\n')).toEqual({
      header: ['name', 'unit'],
      rows: [
        { line: 2, cells: ['Beans', 'bag'] },
        { line: 3, cells: ['Milk', 'carton'] },
      ],
      delimiter: ',',
    });
  });

  test('reads CRLF endings, a lone CR and a missing final newline alike', () => {
    const expected = parseCsv('a,b\n1,2\n3,4');
    expect(parseCsv('a,b\r\n1,2\r\n3,4\r\n')).toEqual(expected);
    expect(parseCsv('a,b\r1,2\r3,4')).toEqual(expected);
  });

  test('drops a leading byte-order mark so the first column name is clean', () => {
    expect(parseCsv('\uFEFFname,unit\nBeans,bag').header).toEqual(['name', 'unit']);
  });

  test('quoted cells keep commas, doubled quotes and line breaks', () => {
    const parsed = parseCsv('name,note\n"Cups, 12oz","the ""big"" ones"\n"Lids","two\r\nlines"\nEnd,x\n');
    expect(parsed.rows).toEqual([
      { line: 2, cells: ['Cups, 12oz', 'the "big" ones'] },
      { line: 3, cells: ['Lids', 'two\r\nlines'] },
      // The quoted line break moved the next record down a line.
      { line: 5, cells: ['End', 'x'] },
    ]);
  });

  test('empty cells, quoted or not, are empty strings', () => {
    expect(parseCsv('a,b,c\n,"",\n1,,3').rows).toEqual([{ line: 3, cells: ['1', '', '3'] }]);
    expect(parseCsv('a,b,c\nx,"",\n').rows).toEqual([{ line: 2, cells: ['x', '', ''] }]);
  });

  test('skips blank lines and rows of empty cells, keeping the other lines numbered', () => {
    expect(parseCsv('a,b\n\n1,2\n , \n,,\n3,4\n\n').rows).toEqual([
      { line: 3, cells: ['1', '2'] },
      { line: 6, cells: ['3', '4'] },
    ]);
  });

  test('a quote inside an unquoted cell is kept as written', () => {
    expect(parseCsv('name\n12" pan').rows).toEqual([{ line: 2, cells: ['12" pan'] }]);
  });

  test('CR, LF and CRLF inside quotes each move the line on by one, as outside them', () => {
    const lineOfError = (text: string) => {
      try {
        parseCsv(text);
        return null;
      } catch (error) {
        return (error as CsvSyntaxError).line;
      }
    };
    for (const end of ['\r', '\n', '\r\n']) {
      const good = ['name,note', `"Lids","two${end}lines${end}${end}four"`, 'End,x', ''].join(end);
      expect([end, parseCsv(good).rows.map((row) => row.line)]).toEqual([end, [2, 6]]);
      expect([end, lineOfError(`${good}Oops,"a"b${end}`)]).toEqual([end, 7]);
    }
  });

  test('an unclosed quote names the line it opened on', () => {
    const read = () => parseCsv('name,unit\nBeans,bag\n"Milk,carton\nCups,sleeve\n');
    expect(read).toThrow(CsvSyntaxError);
    expect(read).toThrow('Line 3: a quoted cell is never closed');
  });

  test('text after a closing quote is refused with its line', () => {
    try {
      parseCsv('name,unit\n"Beans"x,bag');
      throw new Error('expected a syntax error');
    } catch (error) {
      expect(error).toBeInstanceOf(CsvSyntaxError);
      expect((error as CsvSyntaxError).line).toBe(2);
    }
  });

  test('empty text has no header and no rows', () => {
    expect(parseCsv('')).toEqual({ header: [], rows: [], delimiter: ',' });
    expect(parseCsv('\uFEFF\r\n')).toEqual({ header: [], rows: [], delimiter: ',' });
  });

  test('any table written by the RFC 4180 rules, with commas, semicolons or tabs, reads back as the same table', () => {
    const cellText = fc.string({
      unit: fc.constantFrom('a', 'Z', '9', ' ', ',', ';', '\t', '"', '\n', '\r\n', 'é'),
    });
    const table = fc
      .integer({ min: 1, max: 4 })
      .chain((width) =>
        fc.array(fc.array(cellText, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 6 }),
      )
      .filter((rows) => rows.every((cells) => cells.some((cell) => cell.trim() !== '')));
    fc.assert(
      fc.property(
        table,
        fc.constantFrom('\n', '\r\n'),
        fc.constantFrom(',', ';', '\t'),
        (rows, eol, separator) => {
          const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
          const text = rows.map((cells) => cells.map(quote).join(separator)).join(eol);
          const parsed = parseCsv(text);
          expect([parsed.header, ...parsed.rows.map((row) => row.cells)]).toEqual(rows);
        },
      ),
    );
  });
});

describe('the separator', () => {
  test('a file Excel saved with semicolons reads as its cells', () => {
    expect(parseCsv('location_code;product;par\r\nDT-01;"Oat Milk; 1 L";4\r\nDT-01;Beans;2,5\r\n')).toEqual({
      header: ['location_code', 'product', 'par'],
      rows: [
        { line: 2, cells: ['DT-01', 'Oat Milk; 1 L', '4'] },
        { line: 3, cells: ['DT-01', 'Beans', '2,5'] },
      ],
      delimiter: ';',
    });
  });

  test('cells saved as tab-separated text read as their cells', () => {
    expect(parseCsv('product\tpar\nOat Milk, 1 L\t4\n')).toEqual({
      header: ['product', 'par'],
      rows: [{ line: 2, cells: ['Oat Milk, 1 L', '4'] }],
      delimiter: '\t',
    });
  });

  test("Excel's first line sep=; names the separator and is skipped; lines keep their numbers", () => {
    for (const end of ['\r\n', '\n', '\r']) {
      expect(parseCsv(`\uFEFFsep=;${end}location_code;product;par${end}DT-01;Oat Milk, 1 L;4${end}`)).toEqual(
        {
          header: ['location_code', 'product', 'par'],
          rows: [{ line: 3, cells: ['DT-01', 'Oat Milk, 1 L', '4'] }],
          delimiter: ';',
        },
      );
    }
    expect(parseCsv('SEP=,\nname\tunit,x\n').header).toEqual(['name\tunit', 'x']);
    expect(parseCsv('sep=\t\nname\tunit\n').header).toEqual(['name', 'unit']);
    expect(parseCsv('sep=;')).toEqual({ header: [], rows: [], delimiter: ';' });
    // Only a whole first line is the hint: a column named so is a column.
    expect(parseCsv('sepal,petal\n1,2\n').header).toEqual(['sepal', 'petal']);
  });

  test('a sep= line naming a separator the reader does not read is refused by name', () => {
    expect(() => parseCsv('sep=|\nname|unit\n')).toThrow(
      "Line 1: the first line, 'sep=|', asks for '|' between cells; only commas, semicolons and tabs are read: save the file as CSV UTF-8",
    );
  });

  test('the header line decides: a comma outside quotes wins, one inside quotes does not count', () => {
    expect(headerDelimiter('name,note;x\n')).toBe(',');
    expect(headerDelimiter('name;note\tx\n')).toBe(';');
    expect(headerDelimiter('"Milk, oat";par\nx,y')).toBe(';');
    expect(headerDelimiter('name\tpar\n')).toBe('\t');
    expect(headerDelimiter('par\na;b,c\n')).toBe(',');
    expect(parseCsv('name,note\n"a;b",x\n').rows).toEqual([{ line: 2, cells: ['a;b', 'x'] }]);
  });

  test('a header not yet ended waits for more, unless it is all there is', () => {
    expect(headerDelimiter('name;par', false)).toBeNull();
    expect(headerDelimiter('"a\nb";par', false)).toBeNull();
    expect(headerDelimiter('name;par')).toBe(';');
    expect(headerDelimiter('name,par', false)).toBe(',');
  });

  test('a number with a decimal comma is told how to write it', () => {
    expect(decimalCommaHint('2,5')).toBe('; write decimals with a point (2.5)');
    expect(decimalCommaHint(',75')).toBe('; write decimals with a point (0.75)');
    expect(decimalCommaHint('-1,25')).toBe('; write decimals with a point (-1.25)');
    expect(decimalCommaHint('1,250')).toBe(
      '; write it without the comma (1250), or with a point for decimals (1.250)',
    );
    expect(decimalCommaHint('1,250,000')).toBe('');
    expect(decimalCommaHint('abc')).toBe('');
  });

  test('a row wider than its header is named with the separator that split it; blank cells past it do not count', () => {
    expect(extraCellsProblem(['DT-01', 'Milk', '2', '5'], 3, ',')).toBe(
      'has 4 cells but the header has 3 columns (a comma inside a cell needs quotes)',
    );
    expect(extraCellsProblem(['a', 'b', ''], 1, '\t')).toBe(
      'has 2 cells but the header has 1 column (a tab inside a cell needs quotes)',
    );
    expect(extraCellsProblem(['DT-01', 'Milk', '2', '', ' '], 3, ',')).toBeNull();
    expect(extraCellsProblem(['DT-01', 'Milk'], 3, ';')).toBeNull();
  });
});

describe('CsvReader', () => {
  /** Feeds the text cut at the given places and collects every record, or the syntax error's line and reason. */
  function readInPieces(text: string, cuts: number[]): CsvRow[] | string {
    const reader = new CsvReader();
    const at = [...new Set(cuts.map((cut) => Math.min(cut, text.length)))].sort((a, b) => a - b);
    const records: CsvRow[] = [];
    try {
      let from = 0;
      for (const cut of [...at, text.length]) {
        records.push(...reader.push(text.slice(from, cut)));
        from = cut;
      }
      records.push(...reader.end());
    } catch (error) {
      if (error instanceof CsvSyntaxError) return error.message;
      throw error;
    }
    return records;
  }

  test('a CRLF, a doubled quote and a BOM split between pieces read as if whole', () => {
    const text = '\uFEFFname,unit\r\n"Beans ""dark""",bag\r\n"Oat\r\nMilk",carton\r\n';
    for (let cut = 0; cut <= text.length; cut++) {
      const records = readInPieces(text, [cut]);
      expect(records).toEqual([
        { line: 1, cells: ['name', 'unit'] },
        { line: 2, cells: ['Beans "dark"', 'bag'] },
        { line: 3, cells: ['Oat\r\nMilk', 'carton'] },
      ]);
    }
  });

  test('any text cut anywhere reads as the whole text does, errors included', () => {
    const unit = fc.constantFrom(
      'a',
      '9',
      ' ',
      ',',
      ';',
      '\t',
      '"',
      '""',
      '\n',
      '\r',
      '\r\n',
      '\uFEFF',
      'é',
      'sep=',
      's',
    );
    fc.assert(
      fc.property(
        fc.array(unit, { maxLength: 40 }).map((parts) => parts.join('')),
        fc.array(fc.nat({ max: 60 }), { maxLength: 5 }),
        (text, cuts) => {
          const whole = (() => {
            try {
              const reader = new CsvReader();
              return [...reader.push(text), ...reader.end()];
            } catch (error) {
              if (error instanceof CsvSyntaxError) return error.message;
              throw error;
            }
          })();
          expect(readInPieces(text, cuts)).toEqual(whole);
        },
      ),
    );
  });
});
