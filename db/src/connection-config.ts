import { resolve } from 'node:path';
import { z } from 'zod';

function readableUrl(value: string): boolean {
  try {
    const url = new URL(value);
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
    return url.hostname !== '' || url.searchParams.has('host');
  } catch {
    return false;
  }
}

const connectionEnvSchema = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: 'DATABASE_URL must start with postgres:// or postgresql://',
      abort: true,
    })
    // Checked here, where the message can leave the value out: the driver's own "Invalid URL" quotes the whole
    // URL, password included, into the log. A password's `#`, `/`, `?` or `%` must be percent-encoded.
    .refine((v) => v === undefined || readableUrl(v), {
      message:
        'DATABASE_URL is not a valid URL (the value is not shown, as it holds the password); percent-encode any #, /, ?, @ or % in the user name or password, e.g. # as %23',
    }),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1, { message: 'DATABASE_POOL_SIZE must be at least 1' })
    .max(100, { message: 'DATABASE_POOL_SIZE must be at most 100' })
    .default(10),
});

export interface ConnectionConfig {
  /** Set: a PostgreSQL server. Unset: the embedded database in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * Connections each instance keeps to PostgreSQL. Instances × this should stay near what the server's cores
   * and WAL can work on at once; more only queue inside PostgreSQL (bench/README.md, two instances).
   */
  maxConnections: number;
}

/** Reads where the database is from the environment; a bad value throws with a message naming the variable. */
export function readConnectionConfig(
  env: Record<string, string | undefined> = process.env,
): ConnectionConfig {
  const parsed = connectionEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid database configuration: ${issues}`);
  }
  return {
    databaseUrl: parsed.data.DATABASE_URL,
    dataDir: resolve(parsed.data.DATA_DIR, 'pglite'),
    maxConnections: parsed.data.DATABASE_POOL_SIZE,
  };
}
