import type { AppDeps } from '@bff/app-deps.ts';
import { ADMIN_PANEL } from '@bff/modules/admin/admin-access.ts';
import { pingDatabase } from '@bff/modules/health/ping-database.ts';
import { sumRecentRequests } from '@db/repositories/request-stats.ts';
import { type ApiHealthResponse, errorRate } from '@engine/admin-api-health-schemas.ts';
import { Elysia } from 'elysia';
import packageJson from '../../../../../package.json' with { type: 'json' };
import type { RequestStatsRecorder } from './request-stats-recorder.ts';

const WINDOW_MINUTES = 15;
const DATABASE_TIMEOUT_MS = 2000;

export function adminApiHealthModule({ db, auth, logger }: AppDeps, requestStats: RequestStatsRecorder) {
  return new Elysia().use(auth).get(
    '/api/admin/api-health',
    async (): Promise<ApiHealthResponse> => {
      // This instance's latest counts first, so the answer includes the requests just made.
      await requestStats.flush();
      const ping = await pingDatabase(db, DATABASE_TIMEOUT_MS);
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
        // The Square connection is not set up in this version; the screen says so.
        square: { configured: false },
      };
    },
    { auth: ADMIN_PANEL },
  );
}
