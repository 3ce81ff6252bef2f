import { describe, expect, test } from 'bun:test';
import type { CafeOpsResponse } from '@engine/ops-tracker-schemas.ts';
import { render, screen } from '@testing-library/react';
import { DayStrip } from './day-strip.tsx';

const days: CafeOpsResponse['days'] = [
  { date: '2026-03-09', total: 3, done: 1, closed: false },
  { date: '2026-03-08', total: 0, done: 0, closed: true },
  { date: '2026-03-07', total: 2, done: 1 },
  { date: '2026-03-06', total: 0, done: 0 },
];

describe('the day strip', () => {
  test('a day the café was closed says so; a day with nothing due otherwise reads 0/0', () => {
    render(
      <DayStrip
        data={{ today: '2026-03-09', days } as CafeOpsResponse}
        selected="2026-03-09"
        onSelect={() => undefined}
      />,
    );
    const labels = screen.getAllByRole('button').map((button) => button.textContent);
    expect(labels).toEqual(['Today1/3', 'YesterdayClosed', 'Sat 71/2', 'Fri 60/0']);
  });

  test('the chosen day counts the ticks kept on the device, as the checklist below does', () => {
    render(
      <DayStrip
        data={{ today: '2026-03-09', days } as CafeOpsResponse}
        selected="2026-03-07"
        selectedDone={2}
        onSelect={() => undefined}
      />,
    );
    const labels = screen.getAllByRole('button').map((button) => button.textContent);
    expect(labels).toEqual(['Today1/3', 'YesterdayClosed', 'Sat 72/2', 'Fri 60/0']);
  });

  test('the chosen day is scrolled into the strip, and again when another is chosen', () => {
    const scrolled: (string | null)[] = [];
    const original = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled.push(this.textContent);
    };
    try {
      const data = { today: '2026-03-09', days } as CafeOpsResponse;
      const { rerender } = render(<DayStrip data={data} selected="2026-03-06" onSelect={() => undefined} />);
      rerender(<DayStrip data={data} selected="2026-03-07" onSelect={() => undefined} />);
      expect(scrolled).toEqual(['Fri 60/0', 'Sat 71/2']);
    } finally {
      HTMLElement.prototype.scrollIntoView = original;
    }
  });
});
