import type { Db } from '@db/client.ts';
import type { AppConfig } from './config.ts';
import type { ApiRoutes } from './http/api-routes.ts';

/** What route modules get: never the Elysia context of another request, only long-lived services. */
export interface AppDeps {
  db: Db;
  config: AppConfig;
  logger: Logger;
  /** A builder that mounts endpoint declarations with their handlers (see http/api-routes.ts). */
  routes(): ApiRoutes;
}

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}
