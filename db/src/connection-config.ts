import { resolve } from 'node:path';
import { z } from 'zod';

const connectionEnvSchema = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: 'DATABASE_URL must start with postgres:// or postgresql://',
    }),
  DATA_DIR: z.string().trim().min(1).default('.data'),
});

export interface ConnectionConfig {
  /** Set: a PostgreSQL server. Unset: the embedded database in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
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
  return { databaseUrl: parsed.data.DATABASE_URL, dataDir: resolve(parsed.data.DATA_DIR, 'pglite') };
}
