import { describe, expect, test } from 'bun:test';
import { submittedAt } from './submitted-order-notice.tsx';

const at = (createdAt: string, timezone = 'America/New_York') => ({
  createdAt,
  location: { id: 2, name: 'Market Hall Coffee Bar', code: 'DT-02', timezone },
});

describe('when a found order was submitted, on the café’s clock', () => {
  test('the same day at the café: the time alone, as the server’s messages tell it', () => {
    expect(submittedAt(at('2026-11-21T17:40:00.000Z'), new Date('2026-11-21T20:00:00.000Z'))).toBe('12:40');
  });

  test('on an earlier day at the café: the date too, with the café’s zone where the device’s differs', () => {
    const told = submittedAt(at('2026-11-20T17:40:00.000Z'), new Date('2026-11-21T20:00:00.000Z'));
    expect(told).toContain('Nov 20, 2026');
    expect(told).toContain('12:40');
  });

  test('an unknown zone falls back to the device’s clock rather than failing', () => {
    expect(submittedAt(at('2026-11-21T17:40:00.000Z', 'Mars/Olympus'))).toContain('2026');
  });
});
