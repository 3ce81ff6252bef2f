/**
 * The person at the server's command line (`parstock users add`). They hold the database itself, so no
 * rule of the admin screens narrows what they may do, and they are no user of the app: the audit log
 * records their writes with no actor (actor_id is null, shown as "System") and `via: 'cli'` in the row.
 */
export const COMMAND_LINE = { kind: 'command-line' } as const;
export type CommandLine = typeof COMMAND_LINE;
