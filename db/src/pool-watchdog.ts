/**
 * Notices a connection pool that has stopped answering while its database answers, so that it can be
 * replaced (decision 048).
 *
 * A postgres.js connection whose socket still looks open to the server process but leads nowhere (the
 * backend ended behind a network partition, a failover or a restart the driver did not see) holds every
 * query sent on it for good: the driver has no statement timeout of its own, and TCP keepalive takes minutes
 * on a socket that a proxy or the kernel keeps alive. Seen under load as a server that never answered again
 * after PostgreSQL restarted, with no session of its own left at the database.
 *
 * The rule is narrow, so that it never ends legitimate work: a query of the pool has waited longer than
 * `stallMs`, a fresh connection reaches the database, and the database shows no session of this pool busy
 * (running a statement or inside a transaction), at two checks in a row. A slow report keeps its session
 * busy; a query queued behind a full pool means every session is busy; an unreachable database fails the
 * probe. None of them is replaced.
 */

export interface PoolSessions {
  /** Sessions of the pool at the database that are running a statement or inside a transaction. */
  busy: number;
}

export interface PoolWatchdogOptions {
  /** How long a query may wait before the pool is examined. */
  stallMs: number;
  /** How often pending queries are looked at. */
  everyMs: number;
  /**
   * Asks the database, over a connection of its own, about the current pool's sessions; rejects when the
   * database cannot be reached. Given `probeTimeoutMs` to answer.
   */
  probe: () => Promise<PoolSessions>;
  probeTimeoutMs: number;
  /** Puts a fresh pool in place of the current one. */
  replace: () => void;
  now?: () => number;
}

export interface PoolWatchdog {
  /** Follows one query or transaction of the current pool until it settles. */
  track<T>(work: Promise<T>): Promise<T>;
  /** One look at the pending queries; true when it replaced the pool. */
  check(): Promise<boolean>;
  stop(): void;
}

export function watchPool(options: PoolWatchdogOptions): PoolWatchdog {
  const now = options.now ?? Date.now;
  // The start time of every query still waiting, by a token of its own.
  const pending = new Map<symbol, number>();
  let suspect = false;
  let checking = false;

  const oldestWait = () => {
    let oldest = Number.POSITIVE_INFINITY;
    for (const started of pending.values()) oldest = Math.min(oldest, started);
    return pending.size === 0 ? 0 : now() - oldest;
  };

  const probeInTime = () =>
    new Promise<PoolSessions | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), options.probeTimeoutMs);
      options.probe().then(
        (sessions) => {
          clearTimeout(timer);
          resolve(sessions);
        },
        () => {
          clearTimeout(timer);
          resolve(null);
        },
      );
    });

  async function check(): Promise<boolean> {
    if (checking) return false;
    if (oldestWait() < options.stallMs) {
      suspect = false;
      return false;
    }
    checking = true;
    try {
      const sessions = await probeInTime();
      // Unreachable database: the pool's own reconnecting is the cure, and its queries fail on their own.
      if (!sessions || sessions.busy > 0) {
        suspect = false;
        return false;
      }
      if (!suspect) {
        suspect = true;
        return false;
      }
      suspect = false;
      // The queries of the old pool stay pending until it is ended; they no longer count against the new one.
      pending.clear();
      options.replace();
      return true;
    } finally {
      checking = false;
    }
  }

  const timer = setInterval(() => void check(), options.everyMs);
  timer.unref?.();

  return {
    track<T>(work: Promise<T>): Promise<T> {
      const token = Symbol();
      pending.set(token, now());
      return work.finally(() => pending.delete(token));
    },
    check,
    stop: () => clearInterval(timer),
  };
}
