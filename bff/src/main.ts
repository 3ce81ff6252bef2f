import type { Db } from '@db/client.ts';
import { largestBodyLimit } from '@engine/endpoints/endpoint.ts';
import { ALL_ENDPOINTS } from '@engine/endpoints/index.ts';
import { consoleLogger, createApp } from './app.ts';
import { type AppConfig, parseConfig } from './config.ts';
import { RequestStatsRecorder } from './modules/admin/api-health/request-stats-recorder.ts';
import { prepareDatabase } from './startup/prepare-database.ts';
import { WEB_APP_MISSING_MESSAGE, webAppIsBuilt } from './web/serve-web-app.ts';

const logger = consoleLogger;

function readConfigOrExit(): AppConfig {
  try {
    return parseConfig(process.env);
  } catch (error) {
    logger.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

function publicUrl(config: AppConfig, port: number): string {
  if (config.publicOrigin) return config.publicOrigin;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host}:${port}`;
}

const config = readConfigOrExit();
let db: Db;
try {
  db = await prepareDatabase(config, logger);
} catch (error) {
  logger.error('Parstock could not open its database:', error);
  process.exit(1);
}

if (!(await webAppIsBuilt(config.webDistDir))) {
  logger.error(`No web app in ${config.webDistDir}. ${WEB_APP_MISSING_MESSAGE} The API works meanwhile.`);
}

const requestStats = new RequestStatsRecorder({ db, logger });
const app = createApp({ db, config, logger, requestStats }).listen({
  port: config.port,
  hostname: config.host,
  // Bun's own cap (128 MB by default) on every request, routes without a body included: no route reads
  // more than the largest declared limit, so nothing larger is accepted off the wire at all.
  maxRequestBodySize: largestBodyLimit(ALL_ENDPOINTS),
});
const port = app.server?.port ?? config.port;
logger.info(`Parstock is listening on ${publicUrl(config, port)} (bound to ${config.host}:${port})`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    // A second signal means "now": drop open connections instead of waiting for them.
    await app.server?.stop(true);
    process.exit(1);
  }
  stopping = true;
  logger.info(`${signal} received: finishing open requests, then stopping.`);
  // Without force, Bun stops accepting connections and resolves once in-flight requests are answered.
  await app.server?.stop();
  // The last seconds of request counts, before the database goes away.
  await requestStats.stop();
  await db.close();
  logger.info('Stopped.');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
