import { readFileSync } from 'node:fs';
import { freemem } from 'node:os';
import type { Db } from '@db/client.ts';

/**
 * A backup's peak memory over the database's size (`pg_database_size`), measured: the demo's 37 MB database took
 * the server from about 200 MB to 757–857 MB while pg_dump ran (bench/memory.ts), about 15 times its size.
 */
export const BACKUP_MEMORY_PER_DATABASE_BYTE = 16;

/** What the kernel can give without swapping (MemAvailable); the free memory where that is not known. */
export function availableMemoryBytes(): number {
  try {
    const kb = readFileSync('/proc/meminfo', 'utf8').match(/^MemAvailable:\s+(\d+) kB/m)?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {}
  return freemem();
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024).toLocaleString('en-US')} MB`;

/**
 * Why a backup should not start now, or null. pg_dump runs in the server's process beside the database: a
 * backup larger than the memory there is would end the server, and with it every café's counting. So it is not
 * started, and the log says so every time it is due (decision 128).
 */
export async function backupMemoryShortfall(
  db: Db,
  available = availableMemoryBytes(),
): Promise<string | null> {
  const [row] = await db.query<{ bytes: number }>(
    'SELECT pg_database_size(current_database())::float8 AS bytes',
  );
  const need = (row?.bytes ?? 0) * BACKUP_MEMORY_PER_DATABASE_BYTE;
  if (need <= available) return null;
  return `The backup was not taken: it needs about ${megabytes(need)} of memory and ${megabytes(available)} is available. Give the machine more memory, or move the chain onto PostgreSQL (README, Backups), whose backups are pg_dump's.`;
}
