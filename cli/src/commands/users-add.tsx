import { CliError } from '@cli/cli-error.ts';
import { requireMigrated, withDatabase } from '@cli/database.ts';
import { renderTask } from '@cli/ui/render-task.tsx';
import { UserCreated } from '@cli/ui/user-created.tsx';
import type { ConnectionConfig } from '@db/connection-config.ts';
import { resolveDistrictNames, resolveLocationCodes } from '@db/repositories/user-admin.ts';
import { COMMAND_LINE } from '@db/use-cases/command-line.ts';
import { createUser } from '@db/use-cases/create-user.ts';
import { firstIssueMessage, newUserByNameSchema } from '@engine/user-admin-schemas.ts';

export interface UsersAddOptions {
  email: string;
  role: string;
  location?: string[];
  district?: string[];
  firstName?: string;
  lastName?: string;
}

export async function usersAdd(config: ConnectionConfig, options: UsersAddOptions): Promise<void> {
  // Checked before opening the database, so a typo fails at once instead of after the embedded start-up.
  const parsed = newUserByNameSchema.safeParse({
    email: options.email,
    role: options.role,
    firstName: options.firstName,
    lastName: options.lastName,
    locationCodes: options.location ?? [],
    districtNames: options.district ?? [],
  });
  if (!parsed.success) throw new CliError(firstIssueMessage(parsed.error));
  const { locationCodes, districtNames, ...user } = parsed.data;

  await renderTask(
    `Adding ${user.email}`,
    () =>
      withDatabase(config, async (db) => {
        await requireMigrated(db);
        const locationIds = await resolveLocationCodes(db, locationCodes);
        const districtIds = await resolveDistrictNames(db, districtNames);
        // The same use case as the admin screen's invitation, so the audit log records this user too.
        return createUser(db, COMMAND_LINE, { ...user, locationIds, districtIds });
      }),
    (created) => <UserCreated user={created.user} oneTimePassword={created.oneTimePassword} />,
  );
}
