import type { AppDeps } from '@bff/app-deps.ts';
import { sessionEndpoints } from '@engine/endpoints/session-endpoints.ts';
import type { HealthResponse } from '@engine/health-schema.ts';
import packageJson from '../../../../package.json' with { type: 'json' };
import { pingDatabase } from './ping-database.ts';

const DATABASE_TIMEOUT_MS = 2000;

/** No sign-in: load balancers and uptime monitors call this. It reveals no data, only whether we work. */
export function healthModule({ db, logger, routes }: AppDeps) {
  return routes().on(sessionEndpoints.health, async ({ set }): Promise<HealthResponse> => {
    const ping = await pingDatabase(db, DATABASE_TIMEOUT_MS);
    if (!ping.ok) {
      logger.error(`Health check failed: the database did not answer (${ping.cause})`);
      set.status = 503;
    }
    return {
      status: ping.ok ? 'ok' : 'error',
      database: ping.ok
        ? { ok: true, latencyMs: ping.latencyMs }
        : { ok: false, latencyMs: null, message: 'The database did not answer.' },
      uptimeSeconds: Math.floor(process.uptime()),
      version: packageJson.version,
    };
  }).app;
}
