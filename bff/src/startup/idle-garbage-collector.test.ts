import { describe, expect, test } from 'bun:test';
import { IdleGarbageCollector } from './idle-garbage-collector.ts';

describe('garbage collected once a busy spell has gone quiet', () => {
  test('never while idle from the start, nor while requests keep coming; once after they stop', () => {
    let collections = 0;
    let inFlight = 0;
    const collector = new IdleGarbageCollector(
      () => collections++,
      () => inFlight,
    );
    collector.tick();
    collector.tick();
    expect(collections).toBe(0);

    collector.noteRequest();
    collector.tick(); // requests came during this period: not quiet yet
    collector.noteRequest();
    collector.tick();
    expect(collections).toBe(0);

    collector.tick(); // a whole period without requests
    expect(collections).toBe(1);
    collector.tick();
    collector.tick();
    expect(collections).toBe(1);

    collector.noteRequest();
    collector.tick();
    inFlight = 1; // a long request still being answered
    collector.tick();
    expect(collections).toBe(1);
    inFlight = 0;
    collector.tick();
    expect(collections).toBe(2);
  });
});

describe('a grown embedded database given back after a longer quiet', () => {
  function setUp(worthIt = true) {
    let runs = 0;
    let settledCalls = 0;
    let finish: () => void = () => {};
    const collector = new IdleGarbageCollector(
      () => {},
      () => 0,
      {
        afterQuietPeriods: 5,
        worthIt: () => worthIt,
        run: () => {
          runs++;
          return new Promise<void>((done) => {
            finish = done;
          });
        },
        settled: () => settledCalls++,
      },
    );
    const ticks = (count: number) => {
      for (let i = 0; i < count; i++) collector.tick();
    };
    return { collector, ticks, runs: () => runs, settledCalls: () => settledCalls, finish: () => finish() };
  }

  test('never without requests since the start; once per busy spell, after the longer quiet', async () => {
    const { collector, ticks, runs, finish } = setUp();
    ticks(20);
    expect(runs()).toBe(0);

    collector.noteRequest();
    ticks(5); // the tick that saw the request, then four quiet periods
    expect(runs()).toBe(0);
    ticks(1);
    expect(runs()).toBe(1);
    finish();
    await Promise.resolve();
    ticks(20);
    expect(runs()).toBe(1);

    collector.noteRequest();
    ticks(3);
    collector.noteRequest(); // the quiet was broken: it starts again
    ticks(5);
    expect(runs()).toBe(1);
    ticks(1);
    expect(runs()).toBe(2);
  });

  test('not when the spell left too little behind, and that spell is not asked about again', () => {
    const { collector, ticks, runs } = setUp(false);
    collector.noteRequest();
    ticks(30);
    expect(runs()).toBe(0);
  });

  test('the settled process is measured only once the server has been quiet a few periods', () => {
    const { collector, ticks, settledCalls } = setUp(false);
    collector.noteRequest();
    ticks(3); // the busy tick, then two quiet ones
    expect(settledCalls()).toBe(0);
    ticks(1);
    expect(settledCalls()).toBe(1);
    collector.noteRequest();
    ticks(1);
    expect(settledCalls()).toBe(1);
  });
});
