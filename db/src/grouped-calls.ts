import type { Db } from '@db/client.ts';
import { databaseUnavailable, isDatabaseUnavailable } from '@db/database-unavailable.ts';
import { serverBusy } from '@db/server-busy.ts';

/**
 * Calls grouped while the database is busy (decisions 050 and 055). A call that finds fewer than `maxInFlight`
 * of its kind under way goes at once, alone; the ones that arrive while those run wait for the next free slot
 * and go together, up to `maxGroup` in one database call. A quiet server therefore adds no wait, and a busy one
 * pays a call's fixed cost (round trip, parsing, commit) once for many requests.
 */
export interface CallGroupKind<Input, Output> {
  maxInFlight: number;
  maxGroup: number;
  /**
   * How long an input may wait for a free call. One that waited longer is refused with a 503, never sent (decision
   * 064): at a peak the database cannot keep up with, the queue stays as short as this instead of growing until every
   * answer comes after its sender gave up and sent it again. The 503 is `server_busy` when the database answered
   * calls meanwhile (it is slow), `database_unavailable` when it answered none (it is away). Unset: no limit.
   */
  maxWaitMs?: number;
  /**
   * What an input's call holds until it ends (a café's count, locked for the whole call). An input waits while a
   * call under way holds one of its keys, and goes in a later call, instead of sending the database a call that
   * would only wait for that lock; the inputs behind it that hold nothing under way go first. Unset: no keys.
   */
  keysOf?: (db: Db, input: Input) => readonly (string | number)[];
  /** One input alone. */
  one(db: Db, input: Input): Promise<Output>;
  /** Several inputs in one database call, answered in the order given; all or nothing. */
  many(db: Db, inputs: readonly Input[]): Promise<Output[]>;
}

interface Waiting<Input, Output> {
  input: Input;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
  /** Refuses the input once it has waited `maxWaitMs`; cleared when a call takes it. */
  deadline?: ReturnType<typeof setTimeout>;
}

interface Groups<Input, Output> {
  waiting: Waiting<Input, Output>[];
  inFlight: number;
  /** The keys the calls under way hold, each with the number of those calls that hold it. */
  held: Map<string | number, number>;
  /** When the database last answered one of these calls (performance.now()), whatever it answered. */
  answeredAt: number;
}

/**
 * A function that makes `kind`'s calls, grouped per database while it is busy. `since` (performance.now()) is when
 * the input's request arrived, so that what it waited before counts against `maxWaitMs`; now by default.
 */
export function groupedCalls<Input, Output>(
  kind: CallGroupKind<Input, Output>,
): (db: Db, input: Input, since?: number) => Promise<Output> {
  const groupsOf = new WeakMap<Db, Groups<Input, Output>>();

  /**
   * The next group, in order of arrival, of inputs none of whose keys a call under way holds, with the keys it will
   * hold itself.
   */
  const takeGroup = (db: Db, groups: Groups<Input, Output>) => {
    const { keysOf } = kind;
    if (!keysOf) return { group: groups.waiting.splice(0, kind.maxGroup), keys: [] };
    const group: Waiting<Input, Output>[] = [];
    const keys = new Set<string | number>();
    groups.waiting = groups.waiting.filter((waiting) => {
      if (group.length >= kind.maxGroup) return true;
      const own = keysOf(db, waiting.input);
      if (own.some((key) => groups.held.has(key))) return true;
      group.push(waiting);
      for (const key of own) keys.add(key);
      return false;
    });
    return { group, keys: [...keys] };
  };

  const hold = (groups: Groups<Input, Output>, keys: readonly (string | number)[], by: 1 | -1): void => {
    for (const key of keys) {
      const count = (groups.held.get(key) ?? 0) + by;
      if (count > 0) groups.held.set(key, count);
      else groups.held.delete(key);
    }
  };

  const dispatch = (db: Db, groups: Groups<Input, Output>): void => {
    while (groups.inFlight < kind.maxInFlight && groups.waiting.length > 0) {
      const { group, keys } = takeGroup(db, groups);
      // Every input waiting holds a key of a call under way: the end of that call dispatches again.
      if (group.length === 0) return;
      for (const waiting of group) clearTimeout(waiting.deadline);
      hold(groups, keys, 1);
      groups.inFlight += 1;
      void run(db, group)
        .then((answered) => {
          if (answered) groups.answeredAt = performance.now();
        })
        .finally(() => {
          groups.inFlight -= 1;
          hold(groups, keys, -1);
          dispatch(db, groups);
        });
    }
  };

  /** Whether the database answered: an answer or an error of its own, not a lost connection. */
  const alone = (db: Db, waiting: Waiting<Input, Output>): Promise<boolean> =>
    kind.one(db, waiting.input).then(
      (output) => {
        waiting.resolve(output);
        return true;
      },
      (error: unknown) => {
        waiting.reject(error);
        return !isDatabaseUnavailable(error);
      },
    );

  const run = async (db: Db, group: readonly Waiting<Input, Output>[]): Promise<boolean> => {
    if (group.length === 1) return alone(db, group[0] as Waiting<Input, Output>);
    try {
      const outputs = await kind.many(
        db,
        group.map((waiting) => waiting.input),
      );
      group.forEach((waiting, index) => {
        if (index < outputs.length) waiting.resolve(outputs[index] as Output);
        else waiting.reject(new Error('A grouped database call had no answer for one of its inputs'));
      });
      return true;
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        for (const waiting of group) waiting.reject(error);
        return false;
      }
      // Nothing of the group took effect. One input's error must not refuse the others: each goes again alone and
      // gets its own answer or error.
      await Promise.all(group.map((waiting) => alone(db, waiting)));
      return true;
    }
  };

  return (db, input, since = performance.now()) => {
    let groups = groupsOf.get(db);
    if (!groups) {
      groups = { waiting: [], inFlight: 0, held: new Map(), answeredAt: Number.NEGATIVE_INFINITY };
      groupsOf.set(db, groups);
    }
    const own = groups;
    return new Promise<Output>((resolve, reject) => {
      const waiting: Waiting<Input, Output> = { input, resolve, reject };
      const { maxWaitMs } = kind;
      if (maxWaitMs !== undefined) {
        const refuseWhenDue = () => {
          // The queue is in order of arrival, so the one that waited longest is near its head.
          const index = own.waiting.indexOf(waiting);
          if (index === -1) return;
          // A timer may fire up to a millisecond early (its delay is cut to whole milliseconds): an input is
          // never refused before it has waited maxWaitMs.
          const left = maxWaitMs - (performance.now() - since);
          if (left > 0) {
            waiting.deadline = setTimeout(refuseWhenDue, Math.ceil(left));
            return;
          }
          own.waiting.splice(index, 1);
          // Calls answered while this one waited: the database is there, and too slow for the load.
          reject(own.answeredAt >= since ? serverBusy() : databaseUnavailable());
        };
        // A free call takes the input at once below, before this can fire, however long it waited before.
        waiting.deadline = setTimeout(
          refuseWhenDue,
          Math.max(0, Math.ceil(maxWaitMs - (performance.now() - since))),
        );
      }
      own.waiting.push(waiting);
      dispatch(db, own);
    });
  };
}
