import type { Db } from './client.ts';

/** Longer than the driver's own connect timeout (10 s), which gives a refused or silent address its answer first. */
const FIRST_ANSWER_SECONDS = 15;

/** One `SELECT 1`, given up after `ms` with `message`: a database that does not answer says so instead of hanging. */
export async function selectOneWithin(db: Db, ms: number, message: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    await Promise.race([db.query('SELECT 1'), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The first query of a newly opened database, given up after a while. An address that answers but is no PostgreSQL
 * (a web server on the port) drops each connection before its handshake, and the driver reconnects for ever: a
 * server or a cron job would hang without a word. Refusals and timeouts come back as the driver gives them.
 */
export function confirmDatabaseAnswers(db: Db, seconds = FIRST_ANSWER_SECONDS): Promise<void> {
  return selectOneWithin(
    db,
    seconds * 1000,
    `no answer as PostgreSQL within ${seconds} s; check that DATABASE_URL names a PostgreSQL server and its port`,
  );
}
