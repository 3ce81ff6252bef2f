import { CliError } from '@cli/cli-error.ts';
import { requireMigrated, withDatabase } from '@cli/database.ts';
import { renderTask } from '@cli/ui/render-task.tsx';
import { UserCreated } from '@cli/ui/user-created.tsx';
import type { ConnectionConfig } from '@db/connection-config.ts';
import { createUser, resolveDistrictNames, resolveLocationCodes } from '@db/repositories/user-admin.ts';
import { generateOneTimePassword } from '@engine/admin-one-time-password.ts';
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
  const oneTimePassword = generateOneTimePassword();

  await renderTask(
    `Adding ${user.email}`,
    () =>
      withDatabase(config, async (db) => {
        await requireMigrated(db);
        const locationIds = await resolveLocationCodes(db, locationCodes);
        const districtIds = await resolveDistrictNames(db, districtNames);
        return createUser(db, { ...user, locationIds, districtIds, password: oneTimePassword });
      }),
    (created) => <UserCreated user={created} oneTimePassword={oneTimePassword} />,
  );
}
