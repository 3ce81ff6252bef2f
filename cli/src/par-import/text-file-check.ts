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
    const text = new TextDecoder('utf-8').decode(start, { stream: !whole });
    const line = text.slice(0, text.indexOf('\uFFFD')).split(/\r\n|\r|\n/).length;
    return `it is not UTF-8 text (line ${line} has a character in another encoding); save it as CSV UTF-8`;
  }
}
