import { describeConnection, withDatabase } from '@cli/database.ts';
import { MigrationResult } from '@cli/ui/migration-result.tsx';
import { renderTask } from '@cli/ui/render-task.tsx';
import type { ConnectionConfig } from '@db/connection-config.ts';
import { migrate } from '@db/migrate.ts';

export async function dbMigrate(config: ConnectionConfig): Promise<void> {
  const database = describeConnection(config);
  await renderTask(
    'Applying migrations',
    () => withDatabase(config, (db) => migrate(db), { create: true }),
    (applied) => <MigrationResult database={database} applied={applied} />,
  );
}
