import type { SquareGateway, SquareLocationRecord } from './square-gateway.ts';

/**
 * Square's locations and how long Square took to answer for them. The clock starts once the SDK is loaded and the
 * client made: after a restart that first load took the figure an administrator reads as Square's latency
 * (0.7–1 s against 2–3 ms for the next check), which was Parstock starting, not Square answering.
 */
export async function timedLocations(
  gateway: Pick<SquareGateway, 'ready' | 'listLocations'>,
): Promise<{ locations: SquareLocationRecord[]; latencyMs: number }> {
  await gateway.ready();
  const started = performance.now();
  const locations = await gateway.listLocations();
  return { locations, latencyMs: Math.round(performance.now() - started) };
}
