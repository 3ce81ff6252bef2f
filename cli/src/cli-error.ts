/** A failure the person at the terminal can act on: printed as one line on stderr, then the process exits non-zero. */
export class CliError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/**
 * Text from a file or the database made safe to print on one terminal line: control characters (an ESC that would
 * recolour or move the cursor, a CR that would overwrite the line, a NUL), line breaks and the characters that
 * reverse the text's direction are written as escapes (`\x1B`, `\n`, `\u202E`), so a message shows what the file
 * holds instead of letting its bytes act on the terminal. Spaces and marks that look like nothing or like a plain
 * space (a no-break space `\xA0`, a zero-width space `\u200B`) are escaped too: "unknown product 'Ham &\xA0Gruyère'"
 * shows why the name is unknown.
 */
export function printable(text: string): string {
  return text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
    /[\u0000-\u001F\u007F-\u00A0\u00AD\u2007\u200B-\u200F\u2028\u2029\u202A-\u202F\u2060\u2066-\u2069\uFEFF]/g,
    (char) => {
      const named = NAMED_ESCAPES[char];
      if (named) return named;
      const code = char.charCodeAt(0);
      return code <= 0xff
        ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`
        : `\\u${code.toString(16).toUpperCase()}`;
    },
  );
}

const NAMED_ESCAPES: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };
