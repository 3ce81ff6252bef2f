import { describe, expect, test } from 'bun:test';
import { MAX_PAR } from '../par-import-rows.ts';
import {
  averageDailyUsage,
  PAR_TARGET_COVER_DAYS,
  parHealthOf,
  roundUpToQuarter,
  suggestedParOf,
} from './par-health.ts';

const base = { par: 10, usage: 14, daysMeasured: 14, retired: false, maximumStock: null };

describe('averageDailyUsage', () => {
  test('is Σ usage ÷ Σ days, so a long interval weighs more than a short one', () => {
    // 2 a day over 6 days and 8 a day over 2: 28 over 8 days, not the mean of the two rates (5).
    expect(averageDailyUsage(12 + 16, 6 + 2)).toBe(3.5);
  });
  test('is unknown without a measured interval', () => {
    expect(averageDailyUsage(null, null)).toBeNull();
    expect(averageDailyUsage(0, 0)).toBeNull();
  });
});

describe('roundUpToQuarter', () => {
  test.each([
    [0, 0],
    [1, 1],
    [1.01, 1.25],
    [1.25, 1.25],
    [1.26, 1.5],
    [0.1 + 0.2, 0.5],
  ])('%p → %p', (value, expected) => {
    expect(roundUpToQuarter(value)).toBe(expected);
  });
  test('float noise just above a quarter does not push it up one', () => {
    expect(roundUpToQuarter(0.7 * 10 * 0.25 * 4)).toBe(7);
  });
});

describe('suggestedParOf', () => {
  test(`is the average daily usage × ${PAR_TARGET_COVER_DAYS} days, up to the quarter`, () => {
    expect(suggestedParOf(1.23, null, false)).toEqual({ suggestedPar: 12.5, capped: false });
  });
  test('no usage measured → no suggestion', () => {
    expect(suggestedParOf(null, null, false)).toEqual({ suggestedPar: null, capped: false });
  });
  test('a retired product gets no suggestion', () => {
    expect(suggestedParOf(2, null, true)).toEqual({ suggestedPar: null, capped: false });
  });
  test('usage below zero suggests nothing', () => {
    expect(suggestedParOf(-0.5, null, false)).toEqual({ suggestedPar: null, capped: false });
  });
  test('capped at the maximum stock, and says so', () => {
    expect(suggestedParOf(3, 24, false)).toEqual({ suggestedPar: 24, capped: true });
    expect(suggestedParOf(2.4, 24, false)).toEqual({ suggestedPar: 24, capped: false });
  });
  test('a maximum between quarters caps at the quarter below it (a PAR Set PARs accepts)', () => {
    expect(suggestedParOf(3, 10.1, false)).toEqual({ suggestedPar: 10, capped: true });
  });
  test('never above the largest PAR there is', () => {
    expect(suggestedParOf(MAX_PAR, null, false)).toEqual({ suggestedPar: MAX_PAR, capped: true });
  });
  test('nothing used suggests 0', () => {
    expect(suggestedParOf(0, null, false)).toEqual({ suggestedPar: 0, capped: false });
  });
});

describe('parHealthOf', () => {
  test('a PAR covering less than an order cycle is too low', () => {
    // 3 a day: PAR 10 lasts 3.33 days.
    expect(parHealthOf({ ...base, usage: 42 })).toEqual({
      averageDailyUsage: 3,
      daysOfCover: 3.33,
      verdict: 'too low',
      suggestedPar: 30,
      capped: false,
    });
  });
  test('cover, verdict and suggestion follow the usage measured, not the average as shown to the hundredth', () => {
    // 51 used in 16.99 days is 3.0018 a day (shown 3): a PAR of 21 covers 6.996 days, under an order cycle, and
    // ten days need 30.02, which rounded up is 30.25 — not the 7 days, "ok" and 30 of the rounded average.
    expect(parHealthOf({ ...base, par: 21, usage: 51, daysMeasured: 16.99 })).toEqual({
      averageDailyUsage: 3,
      daysOfCover: 7,
      verdict: 'too low',
      suggestedPar: 30.25,
      capped: false,
    });
    // 6 in 31 days is 0.1935 a day (shown 0.19): a PAR of 4 covers 20.67 days, within three cycles.
    expect(parHealthOf({ ...base, par: 4, usage: 6, daysMeasured: 31 })).toMatchObject({
      averageDailyUsage: 0.19,
      daysOfCover: 20.67,
      verdict: 'ok',
    });
    // 6 in 16.99 days: ten days need 3.53, so 3.75 — the rounded 0.35 a day made it 3.5, short of ten days.
    expect(parHealthOf({ ...base, par: 2, usage: 6, daysMeasured: 16.99 }).suggestedPar).toBe(3.75);
  });
  test('a PAR covering more than three order cycles is too high', () => {
    // 0.25 a day: PAR 10 lasts 40 days.
    expect(parHealthOf({ ...base, usage: 3.5 })).toMatchObject({
      daysOfCover: 40,
      verdict: 'too high',
      suggestedPar: 2.5,
    });
  });
  test('between one and three cycles is ok, still with the suggestion', () => {
    expect(parHealthOf(base)).toMatchObject({ daysOfCover: 10, verdict: 'ok', suggestedPar: 10 });
    expect(parHealthOf({ ...base, par: 7 })).toMatchObject({ verdict: 'ok' });
    expect(parHealthOf({ ...base, par: 21 })).toMatchObject({ verdict: 'ok' });
    expect(parHealthOf({ ...base, par: 21.25 })).toMatchObject({ verdict: 'too high' });
    expect(parHealthOf({ ...base, par: 6.75 })).toMatchObject({ verdict: 'too low' });
  });
  test('nothing used against a PAR is too high: all of it sits', () => {
    expect(parHealthOf({ ...base, usage: 0 })).toEqual({
      averageDailyUsage: 0,
      daysOfCover: null,
      verdict: 'too high',
      suggestedPar: 0,
      capped: false,
    });
  });
  test('no usage measured → not measured, no suggestion', () => {
    expect(parHealthOf({ ...base, usage: null, daysMeasured: null })).toEqual({
      averageDailyUsage: null,
      daysOfCover: null,
      verdict: 'not measured',
      suggestedPar: null,
      capped: false,
    });
  });
  test('less than an order cycle measured says nothing yet', () => {
    expect(parHealthOf({ ...base, usage: 30, daysMeasured: 6.99 })).toMatchObject({
      verdict: 'not measured',
      suggestedPar: null,
    });
  });
  test('a retired product: its figures, no verdict on its PAR, no suggestion', () => {
    expect(parHealthOf({ ...base, usage: 42, retired: true })).toEqual({
      averageDailyUsage: 3,
      daysOfCover: 3.33,
      verdict: 'retired',
      suggestedPar: null,
      capped: false,
    });
  });
  test('usage below zero asks for the counts to be checked, not for a PAR', () => {
    expect(parHealthOf({ ...base, usage: -7 })).toMatchObject({
      averageDailyUsage: -0.5,
      verdict: 'check counts',
      suggestedPar: null,
    });
  });
  test('capped at the maximum stock: the verdict is on the PAR, the suggestion says it was cut', () => {
    expect(parHealthOf({ ...base, usage: 70, maximumStock: 36 })).toMatchObject({
      verdict: 'too low',
      suggestedPar: 36,
      capped: true,
    });
  });
});
