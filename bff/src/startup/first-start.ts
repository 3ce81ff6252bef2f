import { consoleLogger } from '@bff/app.ts';
import { parseConfig } from '@bff/config.ts';
import { openSquareConnection } from '@bff/integrations/square/square-connection.ts';
import { SquareService } from '@bff/modules/square/square-service.ts';
import { DataDirLockedError } from '@db/data-dir-lock.ts';
import { prepareInThisProcess } from './prepare-database.ts';

/**
 * The embedded database's first start, run by the server as a child process (decision 044): creating the
 * cluster, migrating and seeding the demo chain, and matching the demo to the Square demo simulator, grow a
 * process to ~1 GB that a server would otherwise keep. The simulator's ids are fixed by the demo data, so the
 * match made here against this process's own simulator holds for the server's.
 */
const logger = consoleLogger;
try {
  const config = parseConfig(process.env);
  const db = await prepareInThisProcess(config, logger, { serving: false });
  try {
    const square = openSquareConnection(config.square);
    try {
      await new SquareService(db, square, logger).syncDemoOnFirstStart();
    } catch (error) {
      logger.error('The Square demo simulator could not be synced:', error);
    } finally {
      await square.stop();
    }
  } finally {
    await db.close();
  }
} catch (error) {
  if (error instanceof DataDirLockedError) logger.error(`Parstock cannot start: ${error.message}`);
  else logger.error('Parstock could not prepare its database:', error);
  process.exit(1);
}
