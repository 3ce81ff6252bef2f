import { resolve } from 'node:path';
import { z } from 'zod';

/** Where the embedded database's backups go and how many the server keeps (decision 128). */
export interface BackupConfig {
  dir: string;
  /** Automatic backups kept; 0 turns the server's own backups off. */
  keep: number;
}

const backupEnvSchema = z.object({
  DATA_DIR: z.string().trim().min(1).default('.data'),
  BACKUP_DIR: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  // An empty value is refused, not read as 0: `BACKUP_KEEP=` must not turn backups off without a word.
  BACKUP_KEEP: z
    .string()
    .trim()
    .min(1, { error: 'BACKUP_KEEP is empty; give a number of backups to keep, or 0 for none' })
    .regex(/^\d+$/, { error: 'BACKUP_KEEP must be a whole number' })
    .transform(Number)
    .pipe(z.number().max(365, { error: 'BACKUP_KEEP must be at most 365' }))
    .default(7),
});

/** Reads the backup settings; a bad value throws with a message naming the variable. */
export function readBackupConfig(env: Record<string, string | undefined> = process.env): BackupConfig {
  const parsed = backupEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid backup configuration: ${issues}`);
  }
  return {
    dir: resolve(parsed.data.BACKUP_DIR ?? resolve(parsed.data.DATA_DIR, 'backups')),
    keep: parsed.data.BACKUP_KEEP,
  };
}
