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

type ReaderState =
  /** At the start of a cell: a quote here opens a quoted cell. */
  | 'cell-start'
  | 'unquoted'
  | 'quoted'
  /** A quote inside a quoted cell: doubled (a literal quote) or the closing one, as the next character tells. */
  | 'quote-in-quoted'
  /** After a closing quote: only a comma or the end of the line may follow. */
  | 'after-quoted';

/**
 * Reads CSV a piece at a time — the pieces may split a cell, a doubled quote or a CRLF anywhere — and hands
 * back the records completed so far, so a file of any length is parsed in bounded memory. Same rules as
 * `parseCsv` (which is this reader fed one piece).
 */
export class CsvReader {
  #cells: string[] = [];
  #cell = '';
  #state: ReaderState = 'cell-start';
  #line = 1;
  #recordLine = 1;
  #quoteLine = 1;
  #started = false;
  /** A CR ended the last record; a LF right after it belongs to the same line end. */
  #afterCr = false;
  #records: CsvRow[] = [];

  #endRecord(): void {
    this.#cells.push(this.#cell);
    if (!isBlank(this.#cells)) this.#records.push({ line: this.#recordLine, cells: this.#cells });
    this.#cells = [];
    this.#cell = '';
    this.#state = 'cell-start';
  }

  #endLine(char: string): void {
    this.#endRecord();
    this.#line++;
    this.#recordLine = this.#line;
    this.#afterCr = char === '\r';
  }

  #take(): CsvRow[] {
    const records = this.#records;
    this.#records = [];
    return records;
  }

  /** Reads the next piece; returns the records it completed (blank ones skipped). */
  push(piece: string): CsvRow[] {
    let text = piece;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.startsWith(BOM)) text = text.slice(1);
    }
    const length = text.length;
    let i = 0;
    while (i < length) {
      const char = text[i] as string;
      if (this.#afterCr) {
        this.#afterCr = false;
        if (char === '\n') {
          i++;
          continue;
        }
      }
      switch (this.#state) {
        case 'quoted': {
          // Copy up to the next quote in one slice, counting the line breaks inside the cell.
          const quote = text.indexOf('"', i);
          const end = quote === -1 ? length : quote;
          for (let j = i; j < end; j++) if (text.charCodeAt(j) === 10) this.#line++;
          this.#cell += text.slice(i, end);
          i = end;
          if (quote !== -1) {
            this.#state = 'quote-in-quoted';
            i++;
          }
          continue;
        }
        case 'quote-in-quoted':
          if (char === '"') {
            this.#cell += '"';
            this.#state = 'quoted';
            i++;
            continue;
          }
          this.#state = 'after-quoted';
          continue;
        case 'after-quoted':
          if (char !== ',' && char !== '\n' && char !== '\r') {
            throw new CsvSyntaxError(
              this.#line,
              'text follows a closing quote; put the whole cell in quotes and double any quote inside it',
            );
          }
          break;
        case 'cell-start':
          if (char === '"') {
            this.#state = 'quoted';
            this.#quoteLine = this.#line;
            i++;
            continue;
          }
          break;
        case 'unquoted':
          break;
      }
      if (char === ',') {
        this.#cells.push(this.#cell);
        this.#cell = '';
        this.#state = 'cell-start';
        i++;
        continue;
      }
      if (char === '\r' || char === '\n') {
        this.#endLine(char);
        i++;
        continue;
      }
      // An unquoted run: copy it up to the next comma or line end in one slice.
      let end = i + 1;
      while (end < length) {
        const code = text.charCodeAt(end);
        if (code === 44 || code === 10 || code === 13) break;
        end++;
      }
      this.#cell += text.slice(i, end);
      this.#state = 'unquoted';
      i = end;
    }
    return this.#take();
  }

  /** The end of the input: completes the last record; a quoted cell still open is a `CsvSyntaxError`. */
  end(): CsvRow[] {
    if (this.#state === 'quoted') throw new CsvSyntaxError(this.#quoteLine, 'a quoted cell is never closed');
    if (this.#cell !== '' || this.#cells.length > 0) this.#endRecord();
    return this.#take();
  }
}

/**
 * Splits CSV text into a header and records. Blank lines and rows of empty cells are skipped; a quote left open or
 * text after a closing quote throws a `CsvSyntaxError`. A quote inside an unquoted cell (`12" pan`) is kept as
 * written, as spreadsheets do.
 */
export function parseCsv(text: string): ParsedCsv {
  const reader = new CsvReader();
  const records = [...reader.push(text), ...reader.end()];
  const [first, ...rows] = records;
  return { header: first?.cells ?? [], rows };
}
