import type { AppDeps } from '@bff/app-deps.ts';
import { pingDatabase } from '@bff/modules/health/ping-database.ts';
import { sumRecentRequests } from '@db/repositories/request-stats.ts';
import { type ApiHealthResponse, errorRate } from '@engine/admin-api-health-schemas.ts';
import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import packageJson from '../../../../../package.json' with { type: 'json' };
import type { RequestStatsRecorder } from './request-stats-recorder.ts';

const WINDOW_MINUTES = 15;
const DATABASE_TIMEOUT_MS = 2000;

export function adminApiHealthModule(
  { db, logger, routes, square }: AppDeps,
  requestStats: RequestStatsRecorder,
) {
  return routes().on(adminEndpoints.apiHealth, async (): Promise<ApiHealthResponse> => {
    // This instance's latest counts first, so the answer includes the requests just made.
    await requestStats.flush();
    const [ping, squareReach] = await Promise.all([
      pingDatabase(db, DATABASE_TIMEOUT_MS),
      square.reachability(),
    ]);
    if (!ping.ok) logger.error(`API health: the database did not answer (${ping.cause})`);
    const recent = await sumRecentRequests(db, WINDOW_MINUTES);
    const uptimeSeconds = Math.floor(process.uptime());
    return {
      database: { ok: ping.ok, latencyMs: ping.latencyMs, driver: db.driver },
      uptimeSeconds,
      startedAt: new Date(Date.now() - uptimeSeconds * 1000).toISOString(),
      version: packageJson.version,
      requests: {
        windowMinutes: WINDOW_MINUTES,
        total: recent.requests,
        errors: recent.errors,
        errorRate: errorRate(recent.requests, recent.errors),
      },
      square: {
        configured: square.connection.mode !== 'not_configured',
        mode: square.connection.mode,
        label: square.connection.label,
        ...squareReach,
      },
    };
  }).app;
}
