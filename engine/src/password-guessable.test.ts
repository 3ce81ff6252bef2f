import { describe, expect, test } from 'bun:test';
import { guessablePasswordReason } from './password-guessable.ts';

describe('passwords guessed early', () => {
  test.each([
    ['            ', 'only spaces'],
    ['aaaaaaaaaaaa', 'repeats'],
    ['abababababab', 'repeats'],
    ['passpasspass', 'repeats'],
    ['1212 1212 1212', 'repeats'],
    ['123456789012', 'runs along'],
    ['abcdefghijkl', 'runs along'],
    ['qwertyuiopas', 'runs along'],
    ['LKJHGFDSAPOIU'.toLowerCase(), 'runs along'],
    ['Password1234', 'common word'],
    ['password!2026', 'common word'],
    ['Parstock2026!', 'common word'],
  ])('%p is refused (%s)', (password, reason) => {
    expect(guessablePasswordReason(password)).toContain(reason === 'common word' ? 'common word' : reason);
  });

  test.each([
    'a kettle of fresh oat milk',
    'correct horse battery staple',
    'k7Qm-Xa3p-Wn9e-T4rc',
    'seven crates of cold brew',
    'parstock-demo',
    'password manager vault 7',
  ])('%p is taken', (password) => {
    expect(guessablePasswordReason(password)).toBeNull();
  });
});
