import type { Db } from '@db/client.ts';
import { TOUCH_INTERVAL_SECONDS } from '@db/repositories/sessions.ts';
import type { CurrentUser } from './current-user.ts';
import { resolveSessionUserAtEpoch } from './session-access.ts';
import { hashSessionId, isWellFormedSessionId } from './session-cookie.ts';

/**
 * How long an instance admits a session's writes on the access it read for it. Well under the minute after
 * which a request touches the session's last use (sessions.ts), so an autosaving device keeps its session alive.
 */
export const ADMITTED_ACCESS_MS = 30_000;
/** Sessions remembered at once; the oldest go first. A few hundred bytes each. */
const MAX_SESSIONS = 5_000;

interface Admitted {
  user: CurrentUser;
  until: number;
}

/**
 * A session's access as read a moment ago, for the routes whose write confirms it (decision 063): the access is
 * tagged with the access epoch read in the same statement, and the write compares that number in its own transaction,
 * writing nothing if anything the access is made of has changed since. Only admissions use it: a refusal is
 * always decided on access read for that request, and every other route reads access for each request
 * (decision 037).
 */
export class AdmittedAccess {
  private readonly sessions = new Map<string, Admitted>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The session's user and whether that access came from memory (`fresh` forces a read). */
  async resolve(
    db: Db,
    cookieValue: unknown,
    idleSeconds: number,
    fresh: boolean,
  ): Promise<{ user: CurrentUser | null; remembered: boolean }> {
    if (!isWellFormedSessionId(cookieValue)) return { user: null, remembered: false };
    const hash = hashSessionId(cookieValue);
    if (!fresh) {
      const admitted = this.sessions.get(hash);
      if (admitted && admitted.until > this.now()) return { user: admitted.user, remembered: true };
    }
    this.sessions.delete(hash);
    const found = await resolveSessionUserAtEpoch(db, hash, idleSeconds);
    if (!found) return { user: null, remembered: false };
    // Never past the session's end: its absolute expiry, nor its idle limit counted from the last use the
    // database knows (a read within the touch interval may have left that up to a minute behind).
    const until = Math.min(
      this.now() + ADMITTED_ACCESS_MS,
      found.expiresAt.getTime(),
      this.now() + (idleSeconds - TOUCH_INTERVAL_SECONDS) * 1000,
    );
    if (until > this.now()) this.remember(hash, { user: found.user, until });
    return { user: found.user, remembered: false };
  }

  private remember(hash: string, admitted: Admitted): void {
    this.sessions.set(hash, admitted);
    if (this.sessions.size <= MAX_SESSIONS) return;
    const now = this.now();
    for (const [key, entry] of this.sessions) {
      if (entry.until <= now || this.sessions.size > MAX_SESSIONS) this.sessions.delete(key);
      else break;
    }
  }
}
