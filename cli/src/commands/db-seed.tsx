import type { ConnectionConfig } from '../../../db/src/connection-config.ts';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemo } from '../../../db/src/seed/demo.ts';
import { CliError } from '../cli-error.ts';
import { describeConnection, requireMigrated, withDatabase } from '../database.ts';
import { renderTask } from '../ui/render-task.tsx';
import { SeedSummaryView } from '../ui/seed-summary-view.tsx';

export async function dbSeed(config: ConnectionConfig, options: { demo?: boolean }): Promise<void> {
  if (!options.demo) throw new CliError('Nothing to seed: pass --demo to load the demo café chain.');
  const database = describeConnection(config);
  await renderTask(
    'Seeding the demo café chain',
    () =>
      withDatabase(config, async (db) => {
        await requireMigrated(db);
        return seedDemo(db);
      }),
    (summary) => (
      <SeedSummaryView
        database={database}
        summary={summary}
        signIns={DEMO_SIGN_INS}
        password={DEMO_PASSWORD}
      />
    ),
  );
}
