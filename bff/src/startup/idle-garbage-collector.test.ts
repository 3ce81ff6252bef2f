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
