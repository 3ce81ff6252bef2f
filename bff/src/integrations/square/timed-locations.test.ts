import { afterAll, afterEach, describe, expect, spyOn, test } from 'bun:test';
import { timedLocations } from './timed-locations.ts';

describe("Square's latency", () => {
  const clock = spyOn(performance, 'now');
  afterEach(() => clock.mockReset());
  // A reset spy answers undefined: every later test file of the same run needs the real clock back.
  afterAll(() => clock.mockRestore());

  test('is timed from after the SDK is loaded and the client made, around the request alone', async () => {
    const steps: string[] = [];
    let now = 0;
    clock.mockImplementation(() => {
      steps.push('clock');
      return now;
    });
    const result = await timedLocations({
      ready: async () => {
        steps.push('ready');
        now += 900; // the SDK's first load
      },
      listLocations: async () => {
        steps.push('request');
        now += 12;
        return [{ id: 'L1', name: 'Harbor Street Café', status: 'ACTIVE' }];
      },
    });
    expect(steps).toEqual(['ready', 'clock', 'request', 'clock']);
    expect(result).toEqual({
      locations: [{ id: 'L1', name: 'Harbor Street Café', status: 'ACTIVE' }],
      latencyMs: 12,
    });
  });

  test('a client that cannot be made is a failure, not a time', async () => {
    const failure = new Error('no SDK');
    await expect(
      timedLocations({
        ready: async () => {
          throw failure;
        },
        listLocations: async () => [],
      }),
    ).rejects.toBe(failure);
  });
});
