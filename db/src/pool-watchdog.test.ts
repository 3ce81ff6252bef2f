import { describe, expect, test } from 'bun:test';
import { type PoolSessions, watchPool } from './pool-watchdog.ts';

/** A watchdog on a clock the test moves, whose probe answers what the test says. */
function setUp(answer: () => Promise<PoolSessions>) {
  let clock = 1_000;
  const probes: number[] = [];
  let replaced = 0;
  const watchdog = watchPool({
    stallMs: 15_000,
    everyMs: 60_000,
    probeTimeoutMs: 50,
    probe: () => {
      probes.push(clock);
      return answer();
    },
    replace: () => {
      replaced += 1;
    },
    now: () => clock,
  });
  return {
    watchdog,
    advance: (ms: number) => {
      clock += ms;
    },
    probes,
    replaced: () => replaced,
  };
}

const never = () => new Promise<never>(() => {});
const noneBusy = async () => ({ busy: 0 });

describe('the pool watchdog', () => {
  test('with nothing waiting, it asks the database nothing', async () => {
    const w = setUp(noneBusy);
    w.advance(60_000);
    expect(await w.watchdog.check()).toBe(false);
    expect(w.probes).toEqual([]);
    w.watchdog.stop();
  });

  test('a query answered in time is not waiting; one waiting less than the limit is left alone', async () => {
    const w = setUp(noneBusy);
    await w.watchdog.track(Promise.resolve(1));
    await w.watchdog.track(Promise.reject(new Error('refused'))).catch(() => {});
    w.advance(30_000);
    expect(await w.watchdog.check()).toBe(false);
    void w.watchdog.track(never());
    w.advance(14_999);
    expect(await w.watchdog.check()).toBe(false);
    expect(w.probes).toEqual([]);
    w.watchdog.stop();
  });

  test('a query waiting past the limit with no session of the pool busy replaces the pool at the second look', async () => {
    const w = setUp(noneBusy);
    void w.watchdog.track(never());
    w.advance(15_000);
    expect(await w.watchdog.check()).toBe(false);
    expect(w.replaced()).toBe(0);
    w.advance(2_500);
    expect(await w.watchdog.check()).toBe(true);
    expect(w.replaced()).toBe(1);
    // The old pool's query no longer counts: the new pool is not replaced in turn.
    w.advance(60_000);
    expect(await w.watchdog.check()).toBe(false);
    expect(w.replaced()).toBe(1);
    w.watchdog.stop();
  });

  test('a busy session at the database (a slow report, a full pool) keeps the pool', async () => {
    let busy = 1;
    const w = setUp(async () => ({ busy }));
    void w.watchdog.track(never());
    for (let look = 0; look < 5; look += 1) {
      w.advance(15_000);
      expect(await w.watchdog.check()).toBe(false);
    }
    // One idle look between busy ones is not two in a row.
    busy = 0;
    w.advance(1_000);
    expect(await w.watchdog.check()).toBe(false);
    busy = 1;
    w.advance(1_000);
    expect(await w.watchdog.check()).toBe(false);
    busy = 0;
    w.advance(1_000);
    expect(await w.watchdog.check()).toBe(false);
    expect(w.replaced()).toBe(0);
    w.watchdog.stop();
  });

  test('a database that cannot be reached, or does not answer the probe in time, keeps the pool', async () => {
    for (const answer of [() => Promise.reject(new Error('ECONNREFUSED')), never]) {
      const w = setUp(answer);
      void w.watchdog.track(never());
      for (let look = 0; look < 4; look += 1) {
        w.advance(15_000);
        expect(await w.watchdog.check()).toBe(false);
      }
      expect(w.probes.length).toBe(4);
      expect(w.replaced()).toBe(0);
      w.watchdog.stop();
    }
  });
});
