import type { Db } from '@db/client.ts';
import { consoleLogger, createApp } from './app.ts';
import { type AppConfig, parseConfig } from './config.ts';
import { openSquareConnection } from './integrations/square/square-connection.ts';
import { RequestStatsRecorder } from './modules/admin/api-health/request-stats-recorder.ts';
import { SquareService } from './modules/square/square-service.ts';
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
const squareService = new SquareService(db, openSquareConnection(config.square), logger);
const square = squareService.connection;
try {
  await squareService.syncDemoOnFirstStart();
} catch (error) {
  logger.error('The Square demo simulator could not be synced:', error);
}
const app = createApp({ db, config, logger, requestStats, square: squareService }).listen({
  port: config.port,
  hostname: config.host,
});
const port = app.server?.port ?? config.port;
logger.info(`Parstock is listening on ${publicUrl(config, port)} (bound to ${config.host}:${port})`);
logger.info(
  square.mode === 'simulator'
    ? `Square: the Square demo simulator (in this process, ${square.simulator?.url}); set SQUARE_ACCESS_TOKEN to use a real Square account.`
    : square.mode === 'connected'
      ? `Square: ${square.label}.`
      : 'Square is not connected (no SQUARE_ACCESS_TOKEN): Nightly Counts work without its figures.',
);

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
  await square.stop();
  await db.close();
  logger.info('Stopped.');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
