import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TCPSocketListener } from 'bun';

/*
 * A fault of postgres.js that no real server produces on demand: the backend is terminated right after the
 * connection is made, while the driver reads the server's array types. Unpatched, the driver dropped that
 * query's rejection and the process ended (seen as the server dying in the database-fault test). Here a
 * stand-in server accepts the start-up, then answers the first query with the FATAL error
 * `pg_terminate_backend` sends, and closes. The client runs in its own process, so a crash shows as its exit.
 */

let fake: TCPSocketListener<{ started: boolean }>;
let queriesKilled = 0;
let dir: string;

/** A backend message: its type byte, its length (itself included) and its body. */
function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

const authenticationOk = message('R', Buffer.from([0, 0, 0, 0]));
const readyForQuery = message('Z', Buffer.from('I'));
const terminated = message(
  'E',
  Buffer.from('SFATAL\0VFATAL\0C57P01\0Mterminating connection due to administrator command\0\0', 'latin1'),
);

beforeAll(() => {
  fake = Bun.listen<{ started: boolean }>({
    hostname: '127.0.0.1',
    port: 0,
    socket: {
      open(socket) {
        socket.data = { started: false };
      },
      data(socket) {
        if (!socket.data.started) {
          // The start-up message (trust authentication): the connection is ready.
          socket.data.started = true;
          socket.write(Buffer.concat([authenticationOk, readyForQuery]));
          return;
        }
        queriesKilled += 1;
        socket.write(terminated);
        socket.end();
      },
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'parstock-driver-'));
});

afterAll(() => {
  fake.stop(true);
  rmSync(dir, { recursive: true, force: true });
});

test('a backend terminated while the driver reads its types fails or retries the query; the process lives', async () => {
  const client = join(dir, 'client.ts');
  writeFileSync(
    client,
    `import { openPostgres } from ${JSON.stringify(join(import.meta.dir, 'postgres-client.ts'))};
const db = openPostgres('postgres://postgres@127.0.0.1:${fake.port}/postgres', { max: 2 });
db.query('SELECT 1').then(() => console.log('answered'), (error) => console.log('refused', error.code));
setTimeout(() => { console.log('alive'); process.exit(0); }, 1500);
`,
  );
  const child = Bun.spawn([process.execPath, client], { stdout: 'pipe', stderr: 'pipe' });
  const [out, err, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  expect(queriesKilled).toBeGreaterThan(0);
  expect({ exitCode, out: out.trim().split('\n').at(-1), err }).toEqual({
    exitCode: 0,
    out: 'alive',
    err: '',
  });
});
