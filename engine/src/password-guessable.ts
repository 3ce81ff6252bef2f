/**
 * Passwords long enough but guessed first (NIST 800-63B asks to refuse "repetitive or sequential characters" and
 * commonly used values, with no composition rules): only spaces, a few characters over and over, a run along the
 * keyboard or the alphabet, or a common word padded with digits. The reason says what to do instead.
 */

const ADVICE = 'A few unrelated words are strong and easy to remember.';

/** The most used words of leaked passwords, and the product's own name, which a guess tries first. */
const COMMON_WORDS: ReadonlySet<string> = new Set([
  'password',
  'passw',
  'qwerty',
  'qwertyuiop',
  'asdfgh',
  'letmein',
  'welcome',
  'iloveyou',
  'admin',
  'administrator',
  'parstock',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'abc',
]);

const RUNS = ['01234567890123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm'];

function alongARun(text: string): boolean {
  return RUNS.some((run) => run.includes(text) || [...run].reverse().join('').includes(text));
}

/** The shortest piece the text is that piece repeated ("abcabcabcabc" → 3), or its length. */
function repeatingPeriod(text: string): number {
  for (let period = 1; period <= text.length / 2; period++) {
    if (text.length % period === 0 && text.slice(period) === text.slice(0, -period)) return period;
  }
  return text.length;
}

/** Why the password would be guessed early, or null when it is not one of those. */
export function guessablePasswordReason(password: string): string | null {
  if (password.trim() === '') return `A password cannot be only spaces. ${ADVICE}`;
  const plain = password.toLowerCase().replace(/\s+/g, '');
  if (new Set(plain).size < 5 || repeatingPeriod(plain) <= plain.length / 2) {
    return `That password repeats a few characters and is guessed early. ${ADVICE}`;
  }
  if (alongARun(plain)) return `That password runs along the keyboard or the alphabet. ${ADVICE}`;
  const letters = plain.replace(/[^a-z]/g, '');
  if (COMMON_WORDS.has(letters.replace(/0/g, 'o')) || COMMON_WORDS.has(letters)) {
    return `That password is a common word with digits or signs added, and is guessed early. ${ADVICE}`;
  }
  return null;
}
