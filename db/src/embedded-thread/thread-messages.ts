/** A call of the server's thread to the embedded database's thread (decision 054). */
export interface ThreadRequest {
  id: number;
  op:
    | 'open'
    | 'query'
    | 'exec'
    | 'begin'
    | 'commit'
    | 'rollback'
    | 'reopen'
    | 'collect'
    | 'backup'
    | 'serve-commands'
    | 'stop-commands'
    | 'close';
  /** The transaction a statement, commit or rollback belongs to. */
  tx?: number;
  text?: string;
  params?: readonly unknown[];
  dataDir?: string;
}

/** An answer to one request, or news the database's thread sends on its own. */
export type ThreadReply =
  | { id: number; ok: true; rows: unknown[]; value?: unknown }
  | { id: number; ok: false; error: Record<string, unknown> & { name: string; message: string } }
  | { event: 'all-commands-closed' }
  | { event: 'commands-connected'; connected: number };
