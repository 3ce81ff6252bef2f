import { describe, expect, test } from 'bun:test';
import type { SquareOnHandResponse } from '@engine/square-schemas.ts';
import { squareFiguresRefetchInterval, squareFigureView, squareNoticeText } from './square-figure-view.ts';

const answer = (overrides: Partial<SquareOnHandResponse> = {}): SquareOnHandResponse => ({
  status: 'ok',
  connection: { mode: 'connected', label: 'Square (production)' },
  reason: null,
  message: null,
  fetchedAt: '2026-11-25T03:00:00.000Z',
  varianceThreshold: 2,
  figures: [],
  ...overrides,
});
const mapped = { productId: 1, mapped: true, squareQuantity: 10 };

describe('squareFigureView', () => {
  test('loading until Square answers; then the figure with count − Square, marked beyond the threshold', () => {
    expect(squareFigureView(undefined, mapped, 3)).toEqual({ kind: 'loading' });
    expect(squareFigureView(answer(), mapped, 13)).toEqual({
      kind: 'figure',
      squareQuantity: 10,
      variance: 3,
      flagged: true,
    });
    expect(squareFigureView(answer(), mapped, 12)).toMatchObject({ variance: 2, flagged: false });
    expect(squareFigureView(answer(), mapped, null)).toMatchObject({ variance: null, flagged: false });
  });

  test('no figure is made up: unmapped says so, Square away shows none', () => {
    expect(squareFigureView(answer(), { productId: 1, mapped: false, squareQuantity: null }, 3)).toEqual({
      kind: 'unmapped',
    });
    expect(
      squareFigureView(
        answer({ status: 'unavailable', reason: 'timeout' }),
        { ...mapped, squareQuantity: null },
        3,
      ),
    ).toEqual({ kind: 'none' });
    expect(squareFigureView(answer({ status: 'not_configured' }), undefined, 3)).toEqual({ kind: 'none' });
  });
});

describe('squareNoticeText', () => {
  test('one notice saying why, in plain words; the simulator is named; nothing when all is well', () => {
    expect(squareNoticeText(answer(), false)).toBeNull();
    expect(
      squareNoticeText(answer({ connection: { mode: 'simulator', label: 'Square demo simulator' } }), false)
        ?.title,
    ).toBe('Square demo simulator');
    const down = squareNoticeText(
      answer({ status: 'unavailable', message: 'Square did not answer in time.' }),
      false,
    );
    expect(down?.body).toContain('Square did not answer in time.');
    expect(down?.body).toContain('Counting and saving work as usual');
    expect(squareNoticeText(answer({ status: 'not_configured' }), false)?.title).toBe(
      'Square is not connected',
    );
    expect(squareNoticeText(undefined, true)?.tone).toBe('warning');
    expect(squareNoticeText(undefined, false)).toBeNull();
  });
});

describe('squareFiguresRefetchInterval', () => {
  test('every minute while Square answers, including "not connected" and "café not linked"', () => {
    const next = squareFiguresRefetchInterval();
    expect(next({ status: 'success', data: answer() })).toBe(60_000);
    expect(next({ status: 'success', data: answer({ status: 'not_configured' }) })).toBe(60_000);
    expect(next({ status: 'success', data: answer({ status: 'location_not_mapped' }) })).toBe(60_000);
  });

  test('backs off while Square is unavailable or the read fails, and starts over once it answers', () => {
    const next = squareFiguresRefetchInterval();
    const unavailable = { status: 'success' as const, data: answer({ status: 'unavailable' }) };
    // Backoff waits 1 s, then 2 s, … (each with up to a quarter more at random).
    expect(next(unavailable)).toBeLessThan(2_000);
    expect(next({ status: 'error' })).toBeGreaterThanOrEqual(2_000);
    expect(next(unavailable)).toBeGreaterThanOrEqual(4_000);
    expect(next({ status: 'success', data: answer() })).toBe(60_000);
    expect(next(unavailable)).toBeLessThan(2_000);
  });
});
