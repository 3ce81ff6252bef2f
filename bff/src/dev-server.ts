import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '@db/client.ts';
import type { Server } from 'bun';
import indexHtml from '../../web/index.html';
import { consoleLogger, createApp } from './app.ts';
import { parseConfig } from './config.ts';
import { prepareDatabase } from './startup/prepare-database.ts';

/**
 * `npm run dev`: the same API as production, with the web app bundled on the fly by Bun (Tailwind via
 * bunfig's [serve.static] plugin) and hot module reloading. Run with `bun --hot`: on each edit this file
 * runs again, so the database and the server are kept on globalThis and only the routes are swapped.
 */
const PUBLIC_DIR = join(import.meta.dir, '..', '..', 'web', 'public');
const logger = consoleLogger;
const config = parseConfig(process.env);

const kept = globalThis as typeof globalThis & { parstockDevDb?: Db; parstockDevServer?: Server<undefined> };
kept.parstockDevDb ??= await prepareDatabase(config, logger);
const app = createApp({ db: kept.parstockDevDb, config, logger });
const api = (request: Request) => app.handle(request);

// Files of web/public (favicon, logo) are copied into dist by the build; here they are served in place.
const publicFiles = Object.fromEntries(
  readdirSync(PUBLIC_DIR).map((name) => [`/${name}`, new Response(Bun.file(join(PUBLIC_DIR, name)))]),
);
const routes = { '/api': api, '/api/*': api, ...publicFiles, '/*': indexHtml };

if (kept.parstockDevServer) {
  kept.parstockDevServer.reload({ routes, fetch: api });
} else {
  kept.parstockDevServer = Bun.serve({
    port: config.port,
    hostname: config.host,
    development: { hmr: true, console: true },
    routes,
    fetch: api,
  });
  logger.info(`Parstock dev server on http://localhost:${kept.parstockDevServer.port} (hot reload on)`);
}
