/*
 * Which café this device last saw confirmed as one of the signed-in person's own, and the reads its operation
 * screens start with, so a start can read that café before the person's list of cafés has arrived. A stored choice
 * nobody confirmed (typed into storage, or left by another person on a shared tablet) waits for the list instead:
 * asking the server for it would only be refused.
 */

const KEY = 'parstock.confirmedLocation';

interface ConfirmedLocation {
  userId: number;
  locationId: number;
  /** The addresses of the café's operation reads, as the app asks for them (`operationReadUrls`). */
  reads: string[];
}

function readConfirmed(): ConfirmedLocation | null {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { userId, locationId, reads } = value as Record<string, unknown>;
    if (!Number.isInteger(userId) || !Number.isInteger(locationId) || !Array.isArray(reads)) return null;
    // Only the app's own reads are ever sent from here, whatever the storage holds.
    const own = reads.filter((url): url is string => typeof url === 'string' && url.startsWith('/api/'));
    return { userId: userId as number, locationId: locationId as number, reads: own };
  } catch {
    return null;
  }
}

export function rememberConfirmedLocation(
  userId: number,
  locationId: number,
  reads: readonly string[],
): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ userId, locationId, reads }));
  } catch {
    // Unavailable storage only costs the early reads on the next start.
  }
}

/** Forgets the café and its reads: nobody is signed in on this device any more. */
export function forgetConfirmedLocation(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing stored that could be read either.
  }
}

export function wasConfirmedFor(userId: number, locationId: number): boolean {
  const confirmed = readConfirmed();
  return confirmed?.userId === userId && confirmed.locationId === locationId;
}

/**
 * The operation reads of the chosen café, when it is the one confirmed last: sent as the app starts, before the
 * session check has said who is signed in (decision 080). The server checks the café for whoever that is.
 */
export function confirmedReadsOf(locationId: number): string[] {
  const confirmed = readConfirmed();
  return confirmed?.locationId === locationId ? confirmed.reads : [];
}
