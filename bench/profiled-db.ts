import type { Db, SqlParam } from '@db/client.ts';

/**
 * A Db that times every statement by what it does, for the autosave profile: where one save spends its
 * time between the session lookup, the permission and scope checks, the transaction and the batch upsert.
 * Kinds are recognised from the SQL text, so the profile needs no hook in the code it measures.
 */
const KINDS: readonly [kind: string, pattern: RegExp][] = [
  [
    'session access (user, permissions, scope)',
    /FROM session_access(_inline)?\(|FROM sessions s JOIN users u/,
  ],
  ['session touch (once a minute)', /UPDATE sessions SET last_seen_at/],
  ['role permissions', /FROM role_permissions WHERE role_key/],
  ['location scope', /FROM locations l WHERE l\.id = \$3/],
  ['count session lock', /cs\.status = 'open' FOR NO KEY UPDATE/],
  ['save_count_batch: lock, checks, upsert, audit', /FROM save_count_batch\(/],
  ['batch upsert (items + audit rows)', /FROM save_count_items\(|INSERT INTO count_items AS ci/],
  ['reopen a completed count', /UPDATE count_completions SET is_active = false WHERE session_id/],
];

export interface KindFigures {
  statements: number;
  totalMs: number;
}

export class DbProfile {
  readonly kinds = new Map<string, KindFigures>();
  /** Off while the load runs, so the end-to-end figure pays nothing for the profile's timing. */
  enabled = false;

  add(kind: string, ms: number): void {
    const figures = this.kinds.get(kind) ?? { statements: 0, totalMs: 0 };
    figures.statements++;
    figures.totalMs += ms;
    this.kinds.set(kind, figures);
  }

  reset(): void {
    this.kinds.clear();
  }
}

function kindOf(text: string): string {
  for (const [kind, pattern] of KINDS) if (pattern.test(text)) return kind;
  return `other: ${text.trim().replace(/\s+/g, ' ').slice(0, 60)}`;
}

export function profiledDb(inner: Db, profile: DbProfile): Db {
  const wrap = (db: Db, inTransaction: boolean): Db => ({
    driver: db.driver,
    async query<T>(text: string, params?: readonly SqlParam[]): Promise<T[]> {
      if (!profile.enabled) return db.query<T>(text, params);
      const started = performance.now();
      try {
        return await db.query<T>(text, params);
      } finally {
        profile.add(kindOf(text), performance.now() - started);
      }
    },
    exec: (script) => db.exec(script),
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (inTransaction) return fn(wrap(db, true));
      if (!profile.enabled) return db.transaction((tx) => fn(wrap(tx, true)));
      const started = performance.now();
      let inside = 0;
      try {
        return await db.transaction((tx) => {
          const begun = performance.now();
          return fn(wrap(tx, true)).finally(() => {
            inside = performance.now() - begun;
          });
        });
      } finally {
        // BEGIN, COMMIT and waiting for the connection: the transaction's time outside its statements.
        profile.add('transaction begin/commit', performance.now() - started - inside);
      }
    },
    close: () => db.close(),
  });
  return wrap(inner, false);
}
