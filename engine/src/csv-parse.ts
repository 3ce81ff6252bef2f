/**
 * A small RFC 4180 reader for the files people export from spreadsheets: quoted fields, doubled quotes
 * inside them, line breaks inside quotes, CRLF or LF endings and a leading byte-order mark. The separator is
 * read from the header line: a comma, or else a semicolon (what Excel writes where the comma is the decimal
 * mark) or a tab (a sheet's cells copied and saved as text), unless a first line `sep=;` (Excel's hint) names it.
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
  /** The separator the header uses (`headerDelimiter`). */
  delimiter: CsvDelimiter;
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

export type CsvDelimiter = ',' | ';' | '\t';

/** How a message names a separator: "a comma inside a cell needs quotes". */
export const DELIMITER_NAMES: Record<CsvDelimiter, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

/**
 * Excel's separator hint: a first line `sep=;` names the separator and is no part of the table. A first line
 * that may still become one waits for more text.
 */
const SEPARATOR_LINE = /^sep=([^\r\n]*)(\r\n|\r|\n|$)/i;
const SEPARATOR_LINE_START = /^(s(e(p(=[^\r\n]*)?)?)?)?$/i;

function hintedDelimiter(hint: string): CsvDelimiter {
  if (hint === ',' || hint === ';' || hint === '\t') return hint;
  throw new CsvSyntaxError(
    1,
    `the first line, 'sep=${hint}', asks for ${hint === '' ? 'no separator' : `'${hint}'`} between cells; only commas, semicolons and tabs are read: save the file as CSV UTF-8`,
  );
}

/** Longer than any header: the separator is decided by then even if the line has not ended. */
const HEADER_SCAN_LIMIT = 64 * 1024;

/**
 * The separator the header line uses (outside quotes): a comma wherever it has one, else a semicolon, else a tab;
 * a one-column header is comma-separated. Null while `text` has not reached the header's line end and `final`
 * is false: more of the header may follow.
 */
export function headerDelimiter(text: string, final = true): CsvDelimiter | null {
  let quoted = false;
  let semicolon = false;
  let tab = false;
  let ended = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === ',') return ',';
    else if (char === ';') semicolon = true;
    else if (char === '\t') tab = true;
    else if (char === '\n' || char === '\r') {
      ended = true;
      break;
    }
  }
  if (!ended && !final) return null;
  return semicolon ? ';' : tab ? '\t' : ',';
}

/**
 * Said of a cell such as '2,5', written where the comma is the decimal mark: it is read only with a point. Three
 * digits after the comma may be a thousands separator ('1,250'), so both readings are offered.
 */
export function decimalCommaHint(text: string): string {
  const match = /^([+-]?\d*),(\d+)$/.exec(text);
  if (!match) return '';
  const [, whole = '', fraction = ''] = match;
  const decimal = `${whole === '' || whole === '+' || whole === '-' ? `${whole}0` : whole}.${fraction}`;
  return fraction.length === 3 && whole !== ''
    ? `; write it without the comma (${whole}${fraction}), or with a point for decimals (${decimal})`
    : `; write decimals with a point (${decimal})`;
}

/**
 * Said of a record with more cells than the header has columns, else null: the cells past the header would be
 * dropped unseen, and they usually mean a separator typed inside an unquoted cell (`Cups, 12 oz`, a PAR `2,5`).
 * Blank cells past the header hold nothing that could be lost (a trailing separator), so they are not counted.
 */
export function extraCellsProblem(
  cells: readonly string[],
  columns: number,
  delimiter: CsvDelimiter,
): string | null {
  let used = cells.length;
  while (used > columns && (cells[used - 1] ?? '').trim() === '') used--;
  if (used <= columns) return null;
  return `has ${used} cells but the header has ${columns} ${columns === 1 ? 'column' : 'columns'} (a ${DELIMITER_NAMES[delimiter]} inside a cell needs quotes)`;
}

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
  /** After a closing quote: only the separator or the end of the line may follow. */
  | 'after-quoted';

/**
 * Reads CSV a piece at a time — the pieces may split a cell, a doubled quote or a CRLF anywhere — and hands
 * back the records completed so far, so a file of any length is parsed in bounded memory. Same rules as
 * `parseCsv` (which is this reader fed one piece).
 */
export class CsvReader {
  /** Null until the header line tells (a comma on it, or its end; else the input's end): the text waits in #head. */
  #delimiter: CsvDelimiter | null = null;
  #head = '';
  #cells: string[] = [];
  #cell = '';
  #state: ReaderState = 'cell-start';
  #line = 1;
  #recordLine = 1;
  #quoteLine = 1;
  #started = false;
  /** A CR ended the last record; a LF right after it belongs to the same line end. */
  #afterCr = false;
  /** The same inside a quoted cell: the last character read in it was a CR. */
  #quotedCr = false;
  /** The first line was looked at for Excel's `sep=` hint. */
  #hintChecked = false;
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

  /** The separator read from the header, once it tells (null before). */
  get delimiter(): CsvDelimiter | null {
    return this.#delimiter;
  }

  /** Reads the next piece; returns the records it completed (blank ones skipped). */
  push(piece: string): CsvRow[] {
    let text = piece;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.startsWith(BOM)) text = text.slice(1);
    }
    if (this.#delimiter === null) {
      // The header's line decides the separator: pieces wait until it tells.
      this.#head += text;
      if (!this.#hintChecked) {
        if (SEPARATOR_LINE_START.test(this.#head) && this.#head.length <= HEADER_SCAN_LIMIT) return [];
        const hinted = this.#separatorHint();
        if (hinted !== null) return this.#read(hinted.rest, hinted.delimiter);
      }
      // Scanned again with each piece, so not past a header's length: a line that long decides on what it has.
      const delimiter = headerDelimiter(this.#head, this.#head.length > HEADER_SCAN_LIMIT);
      if (delimiter === null) return [];
      text = this.#head;
      this.#head = '';
      this.#delimiter = delimiter;
    }
    return this.#read(text, this.#delimiter);
  }

  /**
   * Reads a `sep=` first line off the waiting text: the separator is then known, the table starts on line 2, and the
   * rest of the text is returned to be read. Null when the first line is no such hint.
   */
  #separatorHint(): { delimiter: CsvDelimiter; rest: string } | null {
    this.#hintChecked = true;
    const hint = SEPARATOR_LINE.exec(this.#head);
    if (!hint) return null;
    const delimiter = hintedDelimiter(hint[1] ?? '');
    this.#delimiter = delimiter;
    const rest = this.#head.slice(hint[0].length);
    this.#head = '';
    if (hint[2] !== '') {
      this.#line = 2;
      this.#recordLine = 2;
      this.#afterCr = hint[2] === '\r';
    }
    return { delimiter, rest };
  }

  #read(text: string, delimiter: CsvDelimiter): CsvRow[] {
    const separator = delimiter.charCodeAt(0);
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
          // Copy up to the next quote in one slice, counting the line breaks inside the cell as the line ends
          // outside it count: CRLF, LF or a lone CR (old Mac files), each one line.
          const quote = text.indexOf('"', i);
          const end = quote === -1 ? length : quote;
          for (let j = i; j < end; j++) {
            const code = text.charCodeAt(j);
            if (code === 13 || (code === 10 && !this.#quotedCr)) this.#line++;
            this.#quotedCr = code === 13;
          }
          this.#cell += text.slice(i, end);
          i = end;
          if (quote !== -1) {
            this.#quotedCr = false;
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
          if (char !== delimiter && char !== '\n' && char !== '\r') {
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
      if (char === delimiter) {
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
      // An unquoted run: copy it up to the next separator or line end in one slice.
      let end = i + 1;
      while (end < length) {
        const code = text.charCodeAt(end);
        if (code === separator || code === 10 || code === 13) break;
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
    if (this.#delimiter === null && !this.#hintChecked) {
      const hinted = this.#separatorHint();
      if (hinted !== null) this.#records.push(...this.#read(hinted.rest, hinted.delimiter));
    }
    if (this.#delimiter === null) {
      // A file of one line: its header decides.
      this.#delimiter = headerDelimiter(this.#head) ?? ',';
      this.#records.push(...this.#read(this.#head, this.#delimiter));
      this.#head = '';
    }
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
  return { header: first?.cells ?? [], rows, delimiter: reader.delimiter ?? ',' };
}
