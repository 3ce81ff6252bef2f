import { describe, expect, test } from 'bun:test';
import { unsavedNumbersToast } from './unsaved-numbers.ts';

describe('why an action waiting for every number did not go ahead', () => {
  test('refused numbers are named as refused, with what to do, not as a connection problem', () => {
    expect(unsavedNumbersToast(3, 'Completing waits.').description).toBe(
      '3 numbers were refused: the message at the top says why. Send them again, or dismiss them, then try again.',
    );
    expect(unsavedNumbersToast(1, 'Completing waits.').description).toContain('One number was refused');
  });

  test('with none refused, the wait is for the connection', () => {
    expect(unsavedNumbersToast(0, 'Completing waits.').description).toBe(
      'Completing waits. Check the connection and try again.',
    );
  });
});
