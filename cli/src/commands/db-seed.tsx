import { CliError } from '@cli/cli-error.ts';
import { describeConnection, requireMigrated, withDatabase } from '@cli/database.ts';
import { renderTask } from '@cli/ui/render-task.tsx';
import { SeedSummaryView } from '@cli/ui/seed-summary-view.tsx';
import type { ConnectionConfig } from '@db/connection-config.ts';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemo } from '@db/seed/demo.ts';

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
