/**
 * How many password attempts sign-in (and changing one's password) allows, and how long to wait past them.
 * Three counters, each kept per key in the database and reserved atomically before a password is hashed:
 *
 * - `pair` — one account from one client address: the owner mistyping, or one attacker on one account.
 *   The first `freeFailures` failures cost nothing; after that every attempt waits longer since the last
 *   one (1 s, 2 s, 4 s, … up to `maxDelaySeconds`). A success clears it; a quiet day forgets it.
 * - `address` — one client address across accounts (credential stuffing): `failures` per window, but only for
 *   accounts that have not signed in from it lately: a café's staff share one public address, and one person's
 *   (or one intruder's) failures there must not lock every colleague out of their usual place.
 * - `account` — one account across addresses (distributed guessing): `failures` per window, but only for
 *   addresses the account has not signed in from lately, so a flood from elsewhere never holds the owner
 *   back at their usual places; from a new place they wait at most the rest of the window.
 *
 * An account at an address it knows is therefore held back by its pair alone, whose waits grow to 15 minutes: a
 * guesser at a known address gets five tries, then a few an hour.
 */
export const SIGN_IN_LIMITS = {
  pair: { freeFailures: 5, firstDelaySeconds: 1, maxDelaySeconds: 15 * 60, forgetAfterSeconds: 24 * 3600 },
  address: { failures: 30, windowSeconds: 15 * 60 },
  account: { failures: 20, windowSeconds: 15 * 60, knownAddressSeconds: 30 * 24 * 3600 },
} as const;

export type ThrottleScope = 'pair' | 'address' | 'account';

/** One counter as stored. `failures` includes attempts still being checked: they are counted up front. */
export interface ThrottleState {
  failures: number;
  /** Start of the current window (address, account). */
  windowStartedAt: Date | null;
  /** The most recent attempt that was let through (pair). */
  lastAttemptAt: Date | null;
  /** The most recent success (pair): the account is known at this address. */
  lastSuccessAt: Date | null;
}

export interface ThrottleStates {
  pair: ThrottleState;
  address: ThrottleState;
  account: ThrottleState;
}

const seconds = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

/** The wait the pair owes after `failures` failures in a row: 0 for the free ones, then doubling to the cap. */
export function pairDelaySeconds(failures: number): number {
  const { freeFailures, firstDelaySeconds, maxDelaySeconds } = SIGN_IN_LIMITS.pair;
  if (failures < freeFailures) return 0;
  const doublings = Math.min(failures - freeFailures, 30);
  return Math.min(firstDelaySeconds * 2 ** doublings, maxDelaySeconds);
}

/** The pair's failures still counting at `at` (a quiet day forgets them). */
function livePairFailures(state: ThrottleState, at: Date): number {
  if (!state.lastAttemptAt) return 0;
  return seconds(state.lastAttemptAt, at) >= SIGN_IN_LIMITS.pair.forgetAfterSeconds ? 0 : state.failures;
}

function windowIsOpen(state: ThrottleState, at: Date, windowSeconds: number): boolean {
  return state.windowStartedAt !== null && seconds(state.windowStartedAt, at) < windowSeconds;
}

function windowFailures(state: ThrottleState, at: Date, windowSeconds: number): number {
  return windowIsOpen(state, at, windowSeconds) ? state.failures : 0;
}

/** Whether the account signed in from this address lately, which exempts it from the address and account limits. */
export function isKnownAddress(pair: ThrottleState, at: Date): boolean {
  return (
    pair.lastSuccessAt !== null &&
    seconds(pair.lastSuccessAt, at) < SIGN_IN_LIMITS.account.knownAddressSeconds
  );
}

/** Whole seconds to wait before an attempt may be made at `at`; 0 means it may go ahead now. */
export function secondsToWait(states: ThrottleStates, at: Date): number {
  const waits: number[] = [0];
  const pairFailures = livePairFailures(states.pair, at);
  const pairDelay = pairDelaySeconds(pairFailures);
  if (pairDelay > 0 && states.pair.lastAttemptAt) {
    waits.push(pairDelay - seconds(states.pair.lastAttemptAt, at));
  }
  const { address, account } = SIGN_IN_LIMITS;
  const known = isKnownAddress(states.pair, at);
  if (
    !known &&
    windowFailures(states.address, at, address.windowSeconds) >= address.failures &&
    states.address.windowStartedAt
  ) {
    waits.push(address.windowSeconds - seconds(states.address.windowStartedAt, at));
  }
  if (
    !known &&
    windowFailures(states.account, at, account.windowSeconds) >= account.failures &&
    states.account.windowStartedAt
  ) {
    waits.push(account.windowSeconds - seconds(states.account.windowStartedAt, at));
  }
  const longest = Math.max(...waits);
  return longest > 0 ? Math.ceil(longest) : 0;
}

/** The counters once an attempt at `at` is let through: it counts as a failure until it proves otherwise. */
export function reserveAttempt(states: ThrottleStates, at: Date): ThrottleStates {
  const windowed = (state: ThrottleState, windowSeconds: number): ThrottleState =>
    windowIsOpen(state, at, windowSeconds)
      ? { ...state, failures: state.failures + 1 }
      : { ...state, failures: 1, windowStartedAt: at };
  return {
    pair: { ...states.pair, failures: livePairFailures(states.pair, at) + 1, lastAttemptAt: at },
    address: windowed(states.address, SIGN_IN_LIMITS.address.windowSeconds),
    account: windowed(states.account, SIGN_IN_LIMITS.account.windowSeconds),
  };
}

/** "Too many attempts. Try again in 1 second." / "… in 15 minutes." */
export function tooManyAttemptsMessage(waitSeconds: number): string {
  if (waitSeconds < 60) {
    return `Too many attempts. Try again in ${waitSeconds} ${waitSeconds === 1 ? 'second' : 'seconds'}.`;
  }
  const minutes = Math.ceil(waitSeconds / 60);
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
