/**
 * `npm run square:fake -- --port 4010 --token some-token`: the local Square server on its own, holding the
 * demo chain's catalog, for pointing a Parstock at it (SQUARE_BASE_URL + SQUARE_ACCESS_TOKEN) or at it with
 * curl. `--delay-ms 300` makes every answer slow. Stops on Ctrl-C.
 */
import { parseArgs } from 'node:util';
import { FakeSquareServer } from '@bff/integrations/square/fake/fake-square-server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    token: { type: 'string' },
    'delay-ms': { type: 'string', default: '0' },
  },
});

const port = Number(values.port);
const delayMs = Number(values['delay-ms']);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('--port must be a whole number between 0 and 65535');
  process.exit(1);
}
if (!values.token) {
  console.error('--token is required: the bearer token the local Square server accepts');
  process.exit(1);
}
if (!Number.isFinite(delayMs) || delayMs < 0) {
  console.error('--delay-ms must be a number of milliseconds, 0 or more');
  process.exit(1);
}

const server = new FakeSquareServer({ port, hostname: values.host, token: values.token });
server.faults.delayMs = delayMs;
console.log(`Local Square server (demo catalog) at ${server.url}`);
console.log(`Point Parstock at it: SQUARE_BASE_URL=${server.url} SQUARE_ACCESS_TOKEN=<the token> npm start`);

const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
