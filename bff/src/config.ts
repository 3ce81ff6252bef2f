import { join, resolve } from 'node:path';
import { type BackupConfig, readBackupConfig } from '@db/backup/backup-config.ts';
import { type ConnectionConfig, readConnectionConfig } from '@db/connection-config.ts';
import { z } from 'zod';
import { SecretValue, type SquareSettings } from './integrations/square/square-settings.ts';

const REPO_ROOT = join(import.meta.dir, '..', '..');

const flag = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '' || v === '0' || v.toLowerCase() === 'false') return false;
      if (v === '1' || v.toLowerCase() === 'true') return true;
      ctx.addIssue({ code: 'custom', message: `${name} must be 1, 0, true or false` });
      return z.NEVER;
    });

const positiveNumber = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .positive(`${name} must be greater than 0`)
    .default(fallback);

const envSchema = z.object({
  // An empty PORT (a template's unset variable) would read as 0, a random free port no load balancer finds.
  PORT: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.trim() !== '', {
      message: 'PORT is set but empty: give a port number, or leave PORT out for 3000',
      abort: true,
    })
    .transform((v) => (v === undefined ? 3000 : Number(v.trim())))
    .pipe(
      z
        .number({ error: 'PORT must be a number' })
        .int('PORT must be a whole number')
        .min(0, 'PORT must be between 0 and 65535')
        .max(65535, 'PORT must be between 0 and 65535'),
    ),
  HOST: z.string().trim().min(1, 'HOST must not be empty').default('0.0.0.0'),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'NODE_ENV must be development, production or test',
    })
    .default('development'),
  // Demo data is seeded into a brand-new embedded database unless this is '0'.
  SEED_DEMO: z.string().trim().optional(),
  // Behind a reverse proxy the scheme and client address arrive in X-Forwarded-* headers; anyone can send
  // those, so they count only when the operator says a proxy sets them.
  TRUST_PROXY: flag('TRUST_PROXY'),
  PUBLIC_ORIGIN: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      try {
        const url = new URL(v);
        if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
      } catch {}
      ctx.addIssue({
        code: 'custom',
        message: 'PUBLIC_ORIGIN must be an origin like https://parstock.example.com',
      });
      return z.NEVER;
    }),
  SESSION_IDLE_HOURS: positiveNumber('SESSION_IDLE_HOURS', 12),
  SESSION_ABSOLUTE_DAYS: positiveNumber('SESSION_ABSOLUTE_DAYS', 7),
  // Square (decision 024). The token is a secret: it is wrapped at once so no message can print it.
  SQUARE_ACCESS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      if (/\s/.test(v)) {
        ctx.addIssue({ code: 'custom', message: 'SQUARE_ACCESS_TOKEN must not contain spaces' });
        return z.NEVER;
      }
      return new SecretValue(v);
    }),
  SQUARE_ENVIRONMENT: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      if (v === 'sandbox' || v === 'production') return v;
      ctx.addIssue({ code: 'custom', message: 'SQUARE_ENVIRONMENT must be sandbox or production' });
      return z.NEVER;
    }),
  SQUARE_BASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      try {
        const url = new URL(v);
        if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password) {
          return url.href.replace(/\/$/, '');
        }
      } catch {}
      ctx.addIssue({
        code: 'custom',
        message: 'SQUARE_BASE_URL must be an http(s) URL like https://connect.squareupsandbox.com',
      });
      return z.NEVER;
    }),
  WEB_DIST_DIR: z
    .string()
    .trim()
    .min(1)
    .default(join(REPO_ROOT, 'web', 'dist')),
});

export interface AppConfig {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  seedDemo: boolean;
  trustProxy: boolean;
  /** The origin people use when it differs from what the server sees (e.g. behind a proxy). */
  publicOrigin: string | undefined;
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  webDistDir: string;
  connection: ConnectionConfig;
  /** The embedded database's backups (decision 128); unused on PostgreSQL. */
  backups: BackupConfig;
  square: SquareSettings;
}

type ParsedEnv = z.output<typeof envSchema>;

/** Square settings that make no sense alone stop the process like a bad value would. */
function squareSettings(e: ParsedEnv, connection: ConnectionConfig): SquareSettings {
  if (e.SQUARE_ACCESS_TOKEN) {
    return {
      mode: 'account',
      token: e.SQUARE_ACCESS_TOKEN,
      environment: e.SQUARE_ENVIRONMENT ?? 'production',
      baseUrl: e.SQUARE_BASE_URL,
    };
  }
  const orphan = e.SQUARE_BASE_URL ? 'SQUARE_BASE_URL' : e.SQUARE_ENVIRONMENT ? 'SQUARE_ENVIRONMENT' : null;
  if (orphan) throw new Error(`Invalid configuration: ${orphan}: is set but SQUARE_ACCESS_TOKEN is not`);
  // A newcomer's embedded demo sees the feature working against the simulator; a real database without a
  // token is simply not connected.
  // An embedded database started without demo data is a real café's: no simulated Square there either.
  return connection.databaseUrl === undefined && e.SEED_DEMO !== '0' ? { mode: 'demo' } : { mode: 'off' };
}

/** Parses the environment; throws an Error whose message lists every bad variable. */
export function parseConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${String(i.path[0] ?? '')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  const connection = readConnectionConfig(env);
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    seedDemo: e.SEED_DEMO !== '0',
    trustProxy: e.TRUST_PROXY,
    publicOrigin: e.PUBLIC_ORIGIN,
    sessionIdleSeconds: Math.round(e.SESSION_IDLE_HOURS * 3600),
    sessionAbsoluteSeconds: Math.round(e.SESSION_ABSOLUTE_DAYS * 86400),
    webDistDir: resolve(e.WEB_DIST_DIR),
    connection,
    backups: readBackupConfig(env),
    square: squareSettings(e, connection),
  };
}
