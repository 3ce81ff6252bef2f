import { jest } from 'bun:test';
import { act } from '@testing-library/react';

/** Lets pending promise callbacks run; fake timers do not advance them. */
export async function flushPromises(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}

/**
 * Moves fake time forward in steps, letting promise chains run between them, inside act() so React
 * renders what changed. Query notifications are batched on a 0 ms timer, so a few zero-length steps at the
 * end deliver the last results.
 */
export async function advanceTime(ms: number, step = 1000): Promise<void> {
  await act(async () => {
    await flushPromises();
    let passed = 0;
    while (passed < ms) {
      const next = Math.min(step, ms - passed);
      jest.advanceTimersByTime(next);
      passed += next;
      await flushPromises();
    }
    for (let round = 0; round < 3; round++) {
      jest.advanceTimersByTime(0);
      await flushPromises();
    }
  });
}
