import type { PGlite } from '@electric-sql/pglite';

/** A simple-protocol Query message, for what runs on PGlite below its own queue. */
export function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`);
  const message = Buffer.alloc(5 + text.length);
  message[0] = 0x51;
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}

export const syncMessage = () => Uint8Array.from([0x53, 0, 0, 0, 4]);

// PGlite's transaction mutex is what its own query(), exec() and transaction() take: holding it keeps the
// server's requests out. The promise resolves with the function that lets them in again.
export function holdDatabase(pg: PGlite): Promise<() => void> {
  return new Promise((acquired) => {
    void pg._runExclusiveTransaction(() => new Promise<void>((release) => acquired(release)));
  });
}
