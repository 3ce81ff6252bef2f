/*
 * Which café this device last saw confirmed as one of the signed-in person's own, so a start can read that café
 * before the person's list of cafés has arrived. A stored choice nobody confirmed (typed into storage, or left by
 * another person on a shared tablet) waits for the list instead: asking the server for it would only be refused.
 */

const KEY = 'parstock.confirmedLocation';

const entryOf = (userId: number, locationId: number) => `${userId}:${locationId}`;

export function rememberConfirmedLocation(userId: number, locationId: number): void {
  try {
    window.localStorage.setItem(KEY, entryOf(userId, locationId));
  } catch {
    // Unavailable storage only costs the early read on the next start.
  }
}

export function wasConfirmedFor(userId: number, locationId: number): boolean {
  try {
    return window.localStorage.getItem(KEY) === entryOf(userId, locationId);
  } catch {
    return false;
  }
}
