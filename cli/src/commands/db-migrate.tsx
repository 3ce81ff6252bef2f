import type { ConnectionConfig } from '../../../db/src/connection-config.ts';
import { migrate } from '../../../db/src/migrate.ts';
import { describeConnection, withDatabase } from '../database.ts';
import { MigrationResult } from '../ui/migration-result.tsx';
import { renderTask } from '../ui/render-task.tsx';

export async function dbMigrate(config: ConnectionConfig): Promise<void> {
  const database = describeConnection(config);
  await renderTask(
    'Applying migrations',
    () => withDatabase(config, (db) => migrate(db)),
    (applied) => <MigrationResult database={database} applied={applied} />,
  );
}
