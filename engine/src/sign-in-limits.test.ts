import { describe, expect, test } from 'bun:test';
import {
  pairDelaySeconds,
  reserveAttempt,
  SIGN_IN_LIMITS,
  secondsToWait,
  type ThrottleState,
  type ThrottleStates,
  tooManyAttemptsMessage,
} from './sign-in-limits.ts';

const T0 = new Date('2026-06-01T09:00:00Z');
const after = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const fresh: ThrottleState = { failures: 0, windowStartedAt: null, lastAttemptAt: null, lastSuccessAt: null };
const none: ThrottleStates = { pair: fresh, address: fresh, account: fresh };

function reserveTimes(count: number, at: Date, from: ThrottleStates = none): ThrottleStates {
  let states = from;
  for (let i = 0; i < count; i++) states = reserveAttempt(states, at);
  return states;
}

describe('pairDelaySeconds', () => {
  test('free for the first five failures, then doubling from 1 s, capped at 15 minutes', () => {
    expect([0, 4, 5, 6, 7, 14, 15, 40].map(pairDelaySeconds)).toEqual([0, 0, 1, 2, 4, 512, 900, 900]);
  });
});

describe('secondsToWait', () => {
  test('the sixth attempt of a pair at the same instant waits 1 s; a second later it goes ahead', () => {
    const five = reserveTimes(5, T0);
    expect(secondsToWait(reserveTimes(4, T0), T0)).toBe(0);
    expect(secondsToWait(five, T0)).toBe(1);
    expect(secondsToWait(five, after(0.4))).toBe(1);
    expect(secondsToWait(five, after(1))).toBe(0);
  });

  test('an address waits out its window after 30 failures across accounts', () => {
    const states = reserveTimes(SIGN_IN_LIMITS.address.failures, T0);
    const otherAccount = { ...states, pair: fresh, account: fresh };
    expect(secondsToWait(otherAccount, after(60))).toBe(840);
    expect(secondsToWait(otherAccount, after(900))).toBe(0);
  });

  test('a flooded address holds back accounts new to it only: one that signed in there lately goes on', () => {
    const states = reserveTimes(SIGN_IN_LIMITS.address.failures, T0);
    const colleague = { ...states, pair: { ...fresh, lastSuccessAt: after(-3600) }, account: fresh };
    expect(secondsToWait(colleague, after(60))).toBe(0);
    const longAgo = { ...colleague, pair: { ...fresh, lastSuccessAt: after(-31 * 24 * 3600) } };
    expect(secondsToWait(longAgo, after(60))).toBe(840);
    // Its own pair's waits still hold it back.
    const guessed = { ...colleague, pair: { ...reserveTimes(6, T0).pair, lastSuccessAt: after(-3600) } };
    expect(secondsToWait(guessed, T0)).toBe(2);
  });

  test('the account-wide limit holds back new addresses only', () => {
    const flooded: ThrottleStates = {
      pair: fresh,
      address: fresh,
      account: { ...fresh, failures: SIGN_IN_LIMITS.account.failures, windowStartedAt: T0 },
    };
    expect(secondsToWait(flooded, after(10))).toBe(890);
    const known = { ...flooded, pair: { ...fresh, lastSuccessAt: after(-3600) } };
    expect(secondsToWait(known, after(10))).toBe(0);
    const longAgo = { ...flooded, pair: { ...fresh, lastSuccessAt: after(-31 * 24 * 3600) } };
    expect(secondsToWait(longAgo, after(10))).toBe(890);
  });
});

describe('reserveAttempt', () => {
  test('counts the attempt in every counter and starts a window that has run out', () => {
    const states = reserveAttempt(reserveTimes(3, T0), after(1000));
    expect(states.pair).toMatchObject({ failures: 4, lastAttemptAt: after(1000) });
    expect(states.address).toMatchObject({ failures: 1, windowStartedAt: after(1000) });
    expect(states.account).toMatchObject({ failures: 1, windowStartedAt: after(1000) });
  });

  test('a pair quiet for a day starts from nothing', () => {
    const states = reserveAttempt(reserveTimes(9, T0), after(SIGN_IN_LIMITS.pair.forgetAfterSeconds));
    expect(states.pair.failures).toBe(1);
  });
});

describe('tooManyAttemptsMessage', () => {
  test('seconds under a minute, whole minutes rounded up from there', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Try again in 1 second.');
    expect(tooManyAttemptsMessage(59)).toBe('Too many attempts. Try again in 59 seconds.');
    expect(tooManyAttemptsMessage(60)).toBe('Too many attempts. Try again in 1 minute.');
    expect(tooManyAttemptsMessage(61)).toBe('Too many attempts. Try again in 2 minutes.');
    expect(tooManyAttemptsMessage(900)).toBe('Too many attempts. Try again in 15 minutes.');
  });
});
