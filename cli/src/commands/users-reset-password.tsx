import { CliError } from '@cli/cli-error.ts';
import { requireMigrated, withDatabase } from '@cli/database.ts';
import { PasswordReset } from '@cli/ui/password-reset.tsx';
import { renderTask } from '@cli/ui/render-task.tsx';
import type { ConnectionConfig } from '@db/connection-config.ts';
import { findUserIdByEmail } from '@db/repositories/user-admin.ts';
import { COMMAND_LINE } from '@db/use-cases/command-line.ts';
import { resetUserPassword } from '@db/use-cases/reset-user-password.ts';

export async function usersResetPassword(config: ConnectionConfig, email: string): Promise<void> {
  const wanted = email.trim();
  if (wanted === '') throw new CliError('Name the user by the email they sign in with.');
  await renderTask(
    `Resetting the password of ${wanted}`,
    () =>
      withDatabase(config, async (db) => {
        await requireMigrated(db);
        const id = await findUserIdByEmail(db, wanted);
        if (id === null)
          throw new CliError(`No user signs in as ${wanted}; 'parstock users list' shows every user.`);
        // The same use case as the admin screen's reset, so the audit log records it the same way.
        return resetUserPassword(db, COMMAND_LINE, id);
      }),
    (reset) => <PasswordReset email={reset.user.email} oneTimePassword={reset.oneTimePassword} />,
  );
}
