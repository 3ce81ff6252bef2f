import { afterAll, describe, expect, test } from 'bun:test';
import { confirmDatabaseAnswers } from './first-answer.ts';
import { openPostgres } from './postgres-client.ts';

// A web server on the port: it answers every connection with an HTTP refusal and closes it.
const notPostgres = Bun.listen({
  hostname: '127.0.0.1',
  port: 0,
  socket: {
    data(socket) {
      socket.write('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
      socket.end();
    },
  },
});
afterAll(() => notPostgres.stop(true));

describe('the first answer of a newly opened database', () => {
  test('an address that is no PostgreSQL is given up after the deadline, naming DATABASE_URL', async () => {
    const db = openPostgres(`postgres://postgres@127.0.0.1:${notPostgres.port}/parstock`, { max: 1 });
    try {
      await expect(confirmDatabaseAnswers(db, 1)).rejects.toThrow(
        'no answer as PostgreSQL within 1 s; check that DATABASE_URL names a PostgreSQL server and its port',
      );
    } finally {
      await db.close();
    }
  }, 15_000);
});
