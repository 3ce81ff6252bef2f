import type { AdmittedAccess } from '@bff/auth/admitted-access.ts';
import type { Db } from '@db/client.ts';
import type { AppConfig } from './config.ts';
import type { ApiRoutes } from './http/api-routes.ts';
import type { SquareService } from './modules/square/square-service.ts';

/** What route modules get: never the Elysia context of another request, only long-lived services. */
export interface AppDeps {
  db: Db;
  config: AppConfig;
  logger: Logger;
  /** A builder that mounts endpoint declarations with their handlers (see http/api-routes.ts). */
  routes(): ApiRoutes;
  /** Square: on-hand figures through a short cache, sync, mappings (decision 024). */
  square: SquareService;
  /** Sessions' access read a moment ago, for the routes whose write confirms it (decision 063). */
  admittedAccess: AdmittedAccess;
}

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}
