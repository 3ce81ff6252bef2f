import type { Db } from './client.ts';

/** Longer than the driver's own connect timeout (10 s), which gives a refused or silent address its answer first. */
const FIRST_ANSWER_SECONDS = 15;

/**
 * The first query of a newly opened database, given up after a while. An address that answers but is no PostgreSQL
 * (a web server on the port) drops each connection before its handshake, and the driver reconnects for ever: a
 * server or a cron job would hang without a word. Refusals and timeouts come back as the driver gives them.
 */
export async function confirmDatabaseAnswers(db: Db, seconds = FIRST_ANSWER_SECONDS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `no answer as PostgreSQL within ${seconds} s; check that DATABASE_URL names a PostgreSQL server and its port`,
          ),
        ),
      seconds * 1000,
    );
  });
  try {
    await Promise.race([db.query('SELECT 1'), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
