/**
 * Telling a CSV text file from something else given by mistake, and reading its bytes as text. Shared by
 * `parstock pars import` and the admin product import, so both refuse a workbook, a UTF-16 or a Windows-1252 file
 * by name instead of reading it as the wrong letters: a "Gruyère" saved in another encoding would otherwise
 * become "Gruy\uFFFDre" and be taken for a new product.
 */

/** Bytes of a file's start looked at to tell a CSV text file from something else given by mistake. */
export const TEXT_CHECK_BYTES = 64 * 1024;

// Workbooks are the likeliest wrong file: .xlsx (and .ods) are ZIP archives, the old .xls an OLE compound file.
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);

/** Control characters no text file holds; tab, line feed, form feed and carriage return are text. */
const isBinaryControl = (byte: number) =>
  byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d;

const otherEncoding = (line: number) =>
  `it is not UTF-8 text (line ${line} has a character in another encoding); save it as CSV UTF-8`;

/**
 * Line ends in `text` as the CSV reader counts them (CRLF, CR or LF each end one line); `afterCr` says the text
 * before it ended with a CR, so a LF starting this text belongs to that line end.
 */
function lineEnds(text: string, afterCr: boolean): number {
  let count = 0;
  let cr = afterCr;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 13) count++;
    else if (code === 10 && !cr) count++;
    cr = code === 13;
  }
  return count;
}

/** The line the first character that is not UTF-8 is on, given the lines before `bytes`. */
function lineOfBadByte(bytes: Uint8Array, linesBefore: number, afterCr: boolean): number {
  const text = new TextDecoder('utf-8').decode(bytes, { stream: true });
  const bad = text.indexOf('\uFFFD');
  return linesBefore + 1 + lineEnds(bad === -1 ? text : text.slice(0, bad), afterCr);
}

/**
 * Why a file whose first bytes are `start` cannot be a CSV text file, or null when it may be one. `whole` says the
 * file ends there (else a character cut at the end of `start` is not a fault). A NUL byte, or bytes that are not
 * UTF-8 among other control characters, mean binary data; bytes that are not UTF-8 in otherwise plain text mean
 * another encoding, which would be read as the wrong letters, so the person is told how to save the file instead.
 */
export function notCsvTextReason(start: Uint8Array, whole: boolean): string | null {
  if (startsWith(start, ZIP) || startsWith(start, OLE)) {
    return 'it is a workbook or an archive, not a CSV text file; save the sheet as CSV UTF-8 and import that';
  }
  if ((start[0] === 0xff && start[1] === 0xfe) || (start[0] === 0xfe && start[1] === 0xff)) {
    return 'it is UTF-16 text (Excel’s “Unicode Text”), not a CSV file in UTF-8; save it as CSV UTF-8';
  }
  if (start.includes(0)) return 'it is not a CSV text file (it holds binary data)';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(start, { stream: !whole });
    return null;
  } catch {
    if (start.some(isBinaryControl)) return 'it is not a CSV text file (it holds binary data)';
    return otherEncoding(lineOfBadByte(start, 0, false));
  }
}

/** A whole file's bytes as text (without its byte-order mark), or why it is not a CSV text file. */
export function csvFileText(bytes: Uint8Array): { ok: true; text: string } | { ok: false; reason: string } {
  const reason = notCsvTextReason(bytes, true);
  if (reason) return { ok: false, reason };
  return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
}

/** Bytes past the start of the file were not UTF-8: `reason` says so with the line, like `notCsvTextReason`. */
export class NotUtf8TextError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'NotUtf8TextError';
  }
}

/** How many bytes at the end of `bytes` begin a character that the next bytes complete. */
function cutCharacterBytes(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/**
 * Decodes a file read piece by piece, refusing any byte that is not UTF-8 wherever it is: a streaming decoder
 * that is not fatal puts U+FFFD in its place, and a name with it is reported as an unknown product instead of
 * the file's encoding. Counts the lines it has decoded, so the refusal names the line of the bad byte.
 */
export class StrictUtf8Decoder {
  readonly #decoder = new TextDecoder('utf-8', { fatal: true });
  #lines = 0;
  #afterCr = false;
  /** The start of a character the last piece cut, which the fatal decoder holds until the next piece. */
  #cut: Uint8Array = new Uint8Array(0);

  /** The text of `bytes`; `final` for the last piece (a character cut at the file's end is refused then). */
  decode(bytes: Uint8Array, final = false): string {
    let text: string;
    try {
      text = this.#decoder.decode(bytes, { stream: !final });
    } catch {
      const held = new Uint8Array(this.#cut.length + bytes.length);
      held.set(this.#cut);
      held.set(bytes, this.#cut.length);
      throw new NotUtf8TextError(otherEncoding(lineOfBadByte(held, this.#lines, this.#afterCr)));
    }
    const cut = cutCharacterBytes(bytes);
    this.#cut =
      cut === bytes.length ? Uint8Array.of(...this.#cut, ...bytes) : bytes.slice(bytes.length - cut);
    this.#lines += lineEnds(text, this.#afterCr);
    if (text.length > 0) this.#afterCr = text.charCodeAt(text.length - 1) === 13;
    return text;
  }
}
