import type { Db } from '@db/client.ts';
import { isDatabaseUnavailable } from '@db/database-unavailable.ts';

/**
 * Calls grouped while the database is busy (decisions 050 and 055). A call that finds fewer than `maxInFlight`
 * of its kind under way goes at once, alone; the ones that arrive while those run wait for the next free slot
 * and go together, up to `maxGroup` in one database call. A quiet server therefore adds no wait, and a busy one
 * pays a call's fixed cost (round trip, parsing, commit) once for many requests.
 */
export interface CallGroupKind<Input, Output> {
  maxInFlight: number;
  maxGroup: number;
  /** One input alone. */
  one(db: Db, input: Input): Promise<Output>;
  /** Several inputs in one database call, answered in the order given; all or nothing. */
  many(db: Db, inputs: readonly Input[]): Promise<Output[]>;
}

interface Waiting<Input, Output> {
  input: Input;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}

interface Groups<Input, Output> {
  waiting: Waiting<Input, Output>[];
  inFlight: number;
}

/** A function that makes `kind`'s calls, grouped per database while it is busy. */
export function groupedCalls<Input, Output>(
  kind: CallGroupKind<Input, Output>,
): (db: Db, input: Input) => Promise<Output> {
  const groupsOf = new WeakMap<Db, Groups<Input, Output>>();

  const dispatch = (db: Db, groups: Groups<Input, Output>): void => {
    while (groups.inFlight < kind.maxInFlight && groups.waiting.length > 0) {
      const group = groups.waiting.splice(0, kind.maxGroup);
      groups.inFlight += 1;
      void run(db, group).finally(() => {
        groups.inFlight -= 1;
        dispatch(db, groups);
      });
    }
  };

  const alone = (db: Db, waiting: Waiting<Input, Output>) =>
    kind.one(db, waiting.input).then(waiting.resolve, waiting.reject);

  const run = async (db: Db, group: readonly Waiting<Input, Output>[]): Promise<void> => {
    if (group.length === 1) {
      await alone(db, group[0] as Waiting<Input, Output>);
      return;
    }
    try {
      const outputs = await kind.many(
        db,
        group.map((waiting) => waiting.input),
      );
      group.forEach((waiting, index) => {
        if (index < outputs.length) waiting.resolve(outputs[index] as Output);
        else waiting.reject(new Error('A grouped database call had no answer for one of its inputs'));
      });
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        for (const waiting of group) waiting.reject(error);
        return;
      }
      // Nothing of the group took effect. One input's error must not refuse the others: each goes again alone and
      // gets its own answer or error.
      await Promise.all(group.map((waiting) => alone(db, waiting)));
    }
  };

  return (db, input) => {
    let groups = groupsOf.get(db);
    if (!groups) {
      groups = { waiting: [], inFlight: 0 };
      groupsOf.set(db, groups);
    }
    const own = groups;
    return new Promise<Output>((resolve, reject) => {
      own.waiting.push({ input, resolve, reject });
      dispatch(db, own);
    });
  };
}
