import { describe, expect, test } from 'bun:test';
import { characterProblem, storedText, text } from './text.ts';

const name = text('Name', { required: true, max: 100 });
const note = text('note', { max: 1000, multiline: true });
const password = text('Password', { keepSpaces: true, max: 1024 });
const listedName = text('category', { required: true, max: 100, verbatim: true });

const message = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

const NFC = 'Caf\u00e9 Supplies';
const NFD = 'Cafe\u0301 Supplies';

describe('text(): names compared as people read them', () => {
  test('stores a decomposed accent in NFC, so both ways of typing "é" are one name', () => {
    expect(NFD).not.toBe(NFC);
    expect(name.parse(NFD)).toBe(NFC);
    expect(name.parse(` ${NFD} `)).toBe(NFC);
    expect(note.parse(`${NFD}\nsecond line`)).toBe(`${NFC}\nsecond line`);
  });

  test('text with nothing to see is empty: a note of format characters is no note, a required name is refused', () => {
    expect(note.parse('\u200b')).toBe('');
    expect(note.parse(' \u200d\n\u2060 ')).toBe('');
    expect(note.parse('\u200dok')).toBe('\u200dok');
    expect(message(name.safeParse('\u200c'))).toBe('Name must not be empty');
    expect(listedName.parse('\u200b')).toBe('\u200b');
  });

  test('the length is counted after normalising', () => {
    const short = text('Name', { max: 4 });
    expect(short.parse('Cafe\u0301')).toBe('Caf\u00e9');
  });

  test('refuses a zero-width space in a name, naming the field and the character', () => {
    expect(message(name.safeParse('12 oz Clear Cold Cup\u200b'))).toBe(
      'Name holds an invisible character (U+200B zero-width space); type it again without it',
    );
    expect(message(name.safeParse('Down\u200btown'))).toContain('U+200B zero-width space');
  });

  test.each([
    ['soft hyphen', 0x00ad],
    ['invisible format character', 0x061c],
    ['invisible format character', 0x180e],
    ['zero-width space', 0x200b],
    ['invisible format character', 0x200e],
    ['invisible format character', 0x200f],
    ['text direction control', 0x202a],
    ['text direction control', 0x202b],
    ['text direction control', 0x202c],
    ['text direction control', 0x202d],
    ['text direction control', 0x202e],
    ['invisible format character', 0x2060],
    ['invisible format character', 0x2061],
    ['invisible format character', 0x2062],
    ['invisible format character', 0x2063],
    ['invisible format character', 0x2064],
    ['text direction control', 0x2066],
    ['text direction control', 0x2067],
    ['text direction control', 0x2068],
    ['text direction control', 0x2069],
    ['zero-width no-break space', 0xfeff],
  ])('refuses a %s (code point %i) in a single-line field', (what, code) => {
    const hex = code.toString(16).toUpperCase().padStart(4, '0');
    expect(message(name.safeParse(`Oat${String.fromCharCode(code)}Milk`))).toBe(
      `Name holds an invisible character (U+${hex} ${what}); type it again without it`,
    );
  });

  test('a right-to-left override cannot make a name read as something else', () => {
    expect(message(name.safeParse('\u202Eyad doog a evah\u202C Latte'))).toBe(
      'Name holds an invisible character (U+202E text direction control); type it again without it',
    );
  });

  test('keeps zero-width joiners and non-joiners: emoji sequences and Persian need them', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467} Family Pack';
    expect(name.parse(family)).toBe(family);
    const persian = 'می\u200Cخواهم';
    expect(name.parse(persian)).toBe(persian);
  });

  test('notes refuse direction overrides and isolates, and keep marks and zero-width spaces', () => {
    expect(message(note.safeParse('line one\n\u202Eevil\u202C'))).toBe(
      'note holds an invisible character (U+202E text direction control); type it again without it',
    );
    expect(message(note.safeParse('\u2067\u0634\u2069 order'))).toContain('U+2067 text direction control');
    const marked = 'Ask for \u200Fשלום\u200F\nthanks\u200b';
    expect(note.parse(marked)).toBe(marked);
  });

  test('a NUL or a control character is still named before an invisible character', () => {
    expect(message(name.safeParse('a\u200b\u0000'))).toBe(
      'Name contains a NUL character, which cannot be stored; remove it',
    );
    expect(message(name.safeParse('a\u200b\u0007'))).toBe(
      'Name contains a line break or an invisible control character; remove it',
    );
  });

  test('passwords and names sent back as listed are compared exactly: not normalised, not refused', () => {
    expect(password.parse(` ${NFD}\u200b `)).toBe(` ${NFD}\u200b `);
    expect(listedName.parse(`Tea\u200b`)).toBe('Tea\u200b');
    expect(listedName.parse(NFD)).toBe(NFD);
    expect(message(password.safeParse('a\u0000'))).toBe(
      'Password contains a NUL character, which cannot be stored; remove it',
    );
  });

  test('characterProblem and storedText give CSV cells the same rule', () => {
    expect(characterProblem('Tea\u200b')).toBe(
      'holds an invisible character (U+200B zero-width space); type it again without it',
    );
    expect(characterProblem('Tea\u200b', { multiline: true })).toBeNull();
    expect(characterProblem('\u202E', { multiline: true, verbatim: true })).toBeNull();
    expect(storedText(`  ${NFD}\t`)).toBe(NFC);
  });
});
