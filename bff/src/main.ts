import { type Db, embeddedDatabase, reopenPglite } from '@db/client.ts';
import { DataDirLockedError } from '@db/data-dir-lock.ts';
import { databaseCause } from '@db/database-unavailable.ts';
import type { PgliteSocket } from '@db/pglite-socket.ts';
import { largestBodyLimit } from '@engine/endpoints/endpoint.ts';
import { ALL_ENDPOINTS } from '@engine/endpoints/index.ts';
import { consoleLogger, createApp } from './app.ts';
import { type AppConfig, parseConfig } from './config.ts';
import { openSquareConnection } from './integrations/square/square-connection.ts';
import { RequestStatsRecorder } from './modules/admin/api-health/request-stats-recorder.ts';
import { SquareService } from './modules/square/square-service.ts';
import { backupFolderProblem } from './startup/backup-folder-check.ts';
import { backupMemoryShortfall } from './startup/backup-memory.ts';
import { DatabaseBackups } from './startup/database-backups.ts';
import { DatabaseHousekeeping } from './startup/database-housekeeping.ts';
import { IdleGarbageCollector } from './startup/idle-garbage-collector.ts';
import {
  BackupBeforeMigratingError,
  describeDatabase,
  FirstStartFailedError,
  prepareDatabase,
} from './startup/prepare-database.ts';
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
// SIGUSR2 asks for a backup (`parstock db backup`). Bun's default for it is to end the process: the handler is in
// place before the database is even opened, a request made while the server starts is kept until it can be
// taken, and on PostgreSQL the signal is only answered in the log.
let backups: DatabaseBackups | undefined;
let backupAsked = false;
process.on('SIGUSR2', () => {
  if (config.connection.databaseUrl) {
    logger.info('SIGUSR2 asks for a backup of the embedded database; on PostgreSQL, back up with pg_dump.');
  } else if (backups) void backups.request();
  else backupAsked = true;
});
let db: Db;
try {
  db = await prepareDatabase(config, logger);
} catch (error) {
  if (error instanceof DataDirLockedError) logger.error(`Parstock cannot start: ${error.message}`);
  // The first start's child process has printed why it stopped.
  else if (error instanceof FirstStartFailedError || error instanceof BackupBeforeMigratingError)
    logger.error(error.message);
  // The reason beneath (refused, a timeout, "too many clients") rather than a stack: the operator acts on it.
  else
    logger.error(
      `Parstock could not open its database (${describeDatabase(config)}): ${databaseCause(error) ?? (error instanceof Error ? error.message : String(error))}`,
    );
  process.exit(1);
}

// An instance started while a chain counts (a deploy, a restart) would otherwise open its connections under its
// first requests, each waiting behind a connection's start (decision 071).
try {
  await db.openAllConnections?.();
} catch (error) {
  logger.error(
    `The database pool could not open all its connections before serving; it opens them as needed: ${databaseCause(error) ?? String(error)}`,
  );
}

if (!(await webAppIsBuilt(config.webDistDir))) {
  logger.error(`No web app in ${config.webDistDir}. ${WEB_APP_MISSING_MESSAGE} The API works meanwhile.`);
}

// A command's work (an import of tens of thousands of PARs) or a busy spell of counting grows the embedded
// database's heap, which never shrinks: reopening it and collecting garbage gives that back (decision 044).
const giveMemoryBack = async () => {
  try {
    await reopenPglite(db);
    Bun.gc(true);
  } catch (error) {
    logger.error('The embedded database could not be reopened to give memory back:', error);
  }
};
// The least the serving process has held while quiet; a busy spell that leaves much more behind gives it back.
let settledRss = Number.POSITIVE_INFINITY;
const noteSettledRss = () => {
  settledRss = Math.min(settledRss, process.memoryUsage.rss());
};
const GIVE_BACK_ABOVE_BYTES = 8 * 1024 * 1024;
// Once a busy spell of requests has gone quiet, what it left in the heap is collected; after half a minute of
// quiet, the embedded database is reopened if the spell grew the process by more, and no command holds it.
const embedded = embeddedDatabase(db);
const idleCollector = new IdleGarbageCollector(
  // The embedded database's own thread holds what its share of the spell left (decision 054).
  () => {
    Bun.gc(true);
    void embedded?.collect().catch(() => {});
  },
  () => app.server?.pendingRequests ?? 0,
  embedded
    ? {
        afterQuietPeriods: 30,
        worthIt: () =>
          (cliSocket?.commandsConnected() ?? 0) === 0 &&
          process.memoryUsage.rss() > settledRss + GIVE_BACK_ABOVE_BYTES,
        run: giveMemoryBack,
        settled: noteSettledRss,
      }
    : undefined,
);
const requestStats = new RequestStatsRecorder({ db, logger, onRecorded: () => idleCollector.noteRequest() });
const squareService = new SquareService(db, openSquareConnection(config.square), logger);
const square = squareService.connection;
try {
  await squareService.syncDemoOnFirstStart();
} catch (error) {
  logger.error('The Square demo simulator could not be synced:', error);
}
const app = createApp({ db, config, logger, requestStats, square: squareService });
idleCollector.start();
new DatabaseHousekeeping(
  db,
  config.sessionIdleSeconds,
  logger,
  () => cliSocket?.commandsConnected() ?? 0,
).start();
// Installed before listening: `parstock db backup` may signal as soon as the data folder's lock names this process.
if (embedded) {
  backups = new DatabaseBackups(embedded, config.backups, logger, {
    busy: {
      commandsConnected: () => cliSocket?.commandsConnected() ?? 0,
      pendingRequests: () => app.server?.pendingRequests ?? 0,
    },
    memoryShortfall: () => backupMemoryShortfall(db),
    afterBackup: giveMemoryBack,
    dataDir: config.connection.dataDir,
  });
  backups.start();
  const unusable = backupFolderProblem(config.backups);
  if (unusable) logger.error(unusable);
  if (backupAsked) void backups.request();
}

let cliSocket: PgliteSocket | undefined;
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
  // Before the database closes: a command's open transaction is rolled back, and the socket file goes away.
  await cliSocket?.stop();
  await square.stop();
  await db.close();
  logger.info('Stopped.');
  process.exit(0);
}
// Before listening: once the 'listening' line is out, a signal must find the clean path (it releases the
// embedded database's lock), not the default of dying on the spot.
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  app.listen({
    port: config.port,
    hostname: config.host,
    // Bun's own cap (128 MB by default) on every request, routes without a body included: no route reads
    // more than the largest declared limit, so nothing larger is accepted off the wire at all.
    maxRequestBodySize: largestBodyLimit(ALL_ENDPOINTS),
    // Elysia asks Bun for SO_REUSEPORT, under which a second Parstock on a port in use starts without a word and
    // takes half the requests (an old version left running through a deploy): a port in use stops the start.
    reusePort: false,
  });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  logger.error(
    code === 'EADDRINUSE'
      ? `Parstock cannot start: port ${config.port} on ${config.host} is already in use (another Parstock or another program). Stop it or choose another port with PORT=.`
      : `Parstock cannot listen on ${config.host}:${config.port}:`,
    code === 'EADDRINUSE' ? undefined : error,
  );
  // The database was opened first (the routes need it); closing it releases the embedded data directory.
  await requestStats.stop();
  await square.stop();
  await db.close();
  process.exit(1);
}
const port = app.server?.port ?? config.port;
// Only a server that is up offers its embedded database to `parstock` commands (decision 018).
if (embedded) {
  try {
    cliSocket = await embedded.serveCommands(config.connection.dataDir, {
      onAllClosed: () => void giveMemoryBack(),
    });
  } catch (error) {
    logger.error(
      `parstock commands cannot reach the embedded database while the server runs: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
logger.info(`Parstock is listening on ${publicUrl(config, port)} (bound to ${config.host}:${port})`);
logger.info(
  square.mode === 'simulator'
    ? `Square: the Square demo simulator (in this process, ${square.simulator?.url}); set SQUARE_ACCESS_TOKEN to use a real Square account.`
    : square.mode === 'connected'
      ? `Square: ${square.label}.`
      : 'Square is not connected (no SQUARE_ACCESS_TOKEN): Nightly Counts work without its figures.',
);
