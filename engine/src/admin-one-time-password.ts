// No 0/O, 1/l/I: the password is read off a screen and typed, often on a phone.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/**
 * A random password shown once to an administrator (invitations and resets), e.g. `k7Qm-Xa3p-Wn9e-T4rc`:
 * 16 characters from a 56-character alphabet (about 93 bits), in groups so it can be read aloud. The random
 * source is a parameter so the rule can be tested; by default it is the platform's CSPRNG.
 */
export function generateOneTimePassword(randomBytes: (n: number) => Uint8Array = cryptoRandomBytes): string {
  const chars: string[] = [];
  // Rejection sampling: bytes at or above the largest multiple of the alphabet size would bias the result.
  const limit = 256 - (256 % ALPHABET.length);
  while (chars.length < GROUPS * GROUP_LENGTH) {
    for (const byte of randomBytes(32)) {
      if (byte < limit && chars.length < GROUPS * GROUP_LENGTH)
        chars.push(ALPHABET[byte % ALPHABET.length] ?? '');
    }
  }
  const groups: string[] = [];
  for (let i = 0; i < GROUPS; i++)
    groups.push(chars.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH).join(''));
  return groups.join('-');
}

function cryptoRandomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}
