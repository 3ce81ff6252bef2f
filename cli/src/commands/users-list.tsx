import { CliError } from '@cli/cli-error.ts';
import { requireMigrated, withDatabase } from '@cli/database.ts';
import { renderTask } from '@cli/ui/render-task.tsx';
import { UsersTable } from '@cli/ui/users-table.tsx';
import type { ConnectionConfig } from '@db/connection-config.ts';
import { listUsers } from '@db/repositories/user-admin.ts';

export const USER_LIST_FORMATS = ['table', 'json'] as const;

export async function usersList(config: ConnectionConfig, options: { format: string }): Promise<void> {
  const load = () =>
    withDatabase(config, async (db) => {
      await requireMigrated(db);
      return listUsers(db);
    });
  if (options.format === 'json') {
    // Machine-readable output goes straight to stdout: no progress line, no colours, nothing to strip.
    process.stdout.write(`${JSON.stringify(await load(), null, 2)}\n`);
    return;
  }
  if (options.format !== 'table') {
    throw new CliError(`Unknown format '${options.format}'. Valid formats: ${USER_LIST_FORMATS.join(', ')}`);
  }
  await renderTask('Loading users', load, (users) => <UsersTable users={users} />);
}
