/**
 * A small RFC 4180 reader for the files people export from spreadsheets: quoted fields, doubled quotes
 * inside them, line breaks inside quotes, CRLF or LF endings and a leading byte-order mark.
 *
 * Line numbers are the file's own (the header is line 1), counted where a record starts, so a message
 * like "line 7: …" points at the line a person sees in their editor even when a quoted cell spans lines.
 */

export interface CsvRow {
  /** The line of the file this record starts on (the header is line 1). */
  line: number;
  cells: string[];
}

export interface ParsedCsv {
  header: string[];
  rows: CsvRow[];
}

/** The file cannot be read as CSV at all; `line` is where the problem starts. */
export class CsvSyntaxError extends Error {
  readonly line: number;
  /** The problem without the line number, for lists that show the line beside it. */
  readonly reason: string;

  constructor(line: number, reason: string) {
    super(`Line ${line}: ${reason}`);
    this.name = 'CsvSyntaxError';
    this.line = line;
    this.reason = reason;
  }
}

const BOM = '\uFEFF';

// Spreadsheets write empty rows as ",,,,": a record with nothing in any cell is not data.
function isBlank(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/**
 * Splits CSV text into a header and records. Blank lines and rows of empty cells are skipped; a quote left open or text after a closing quote throws a `CsvSyntaxError`. A quote inside an
 * unquoted cell (`12" pan`) is kept as written, as spreadsheets do.
 */
export function parseCsv(text: string): ParsedCsv {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const records: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;

  const endRecord = () => {
    cells.push(cell);
    if (!isBlank(cells)) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };

  while (i < source.length) {
    const char = source[i];
    if (char === '"' && cell === '') {
      const quoteLine = line;
      i++;
      for (;;) {
        if (i >= source.length) {
          throw new CsvSyntaxError(quoteLine, 'a quoted cell is never closed');
        }
        const inner = source[i];
        if (inner === '"') {
          if (source[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (inner === '\n') line++;
        cell += inner;
        i++;
      }
      const next = source[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        throw new CsvSyntaxError(
          line,
          'text follows a closing quote; put the whole cell in quotes and double any quote inside it',
        );
      }
      continue;
    }
    if (char === ',') {
      cells.push(cell);
      cell = '';
      i++;
      continue;
    }
    if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && source[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    cell += char;
    i++;
  }
  if (cell !== '' || cells.length > 0) endRecord();

  const [first, ...rows] = records;
  return { header: first?.cells ?? [], rows };
}
