import { type BackupConfig, readBackupConfig } from '@db/backup/backup-config.ts';
import { type ConnectionConfig, readConnectionConfig } from '@db/connection-config.ts';
import { ROLE_KEYS } from '@engine/permissions.ts';
import { REPORT_NAMES, REPORTS } from '@engine/reports/report-definitions.ts';
import { Command } from 'commander';
import packageJson from '../../package.json' with { type: 'json' };
import { CliError } from './cli-error.ts';
import { countsExport } from './commands/counts-export.tsx';
import { dbBackup } from './commands/db-backup.ts';
import { dbMigrate } from './commands/db-migrate.tsx';
import { dbRestore } from './commands/db-restore.ts';
import { dbSeed } from './commands/db-seed.tsx';
import { parsImport } from './commands/pars-import.tsx';
import { NAMED_REPORT_FORMATS, reportNamed } from './commands/report-named.ts';
import { reportNightly } from './commands/report-nightly.tsx';
import { usersAdd } from './commands/users-add.tsx';
import { USER_LIST_FORMATS, usersList } from './commands/users-list.tsx';
import { usersResetPassword } from './commands/users-reset-password.tsx';
import { COUNT_EXPORT_FORMATS } from './counts-export/count-export-format.ts';
import { NIGHTLY_REPORT_FORMATS } from './report/nightly-report-format.ts';

/** `--location DT-01 --location DT-02` and `--location DT-01,DT-02` both give ['DT-01', 'DT-02']. */
function collectList(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ];
}

function backupSettings(): BackupConfig {
  try {
    return readBackupConfig();
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
}

function connection(): ConnectionConfig {
  try {
    return readConnectionConfig();
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
}

export function createProgram(): Command {
  const program = new Command('parstock')
    .description(
      'Administer a Parstock installation: database, demo data, users, PAR imports, count exports and reports.',
    )
    .version(packageJson.version)
    .addHelpText(
      'after',
      '\nThe database comes from DATABASE_URL (PostgreSQL) or, when unset, the embedded one in DATA_DIR (default .data).',
    )
    // Errors come back to main instead of exiting here, so every failure leaves through one place.
    .exitOverride();

  const db = program.command('db').description('Database schema and data');
  db.command('migrate')
    .description('Apply database migrations that have not run yet')
    .action(() => dbMigrate(connection()));
  db.command('seed')
    .description('Load data into an empty database')
    .option(
      '--demo',
      'a demo café chain: 6 cafés, ~180 products, users for every role and 4 weeks of history',
    )
    .action((options: { demo?: boolean }) => dbSeed(connection(), options));
  db.command('backup')
    .description(
      'Write the embedded database to one SQL file (beside a running server, the server writes it); prints its path',
    )
    .option('--out <file>', 'where to write it (default: a new file in BACKUP_DIR, default DATA_DIR/backups)')
    .action((options: { out?: string }) => dbBackup(connection(), backupSettings(), options));
  db.command('restore')
    .description(
      'Load a backup into an empty database (a new DATA_DIR, or the PostgreSQL of DATABASE_URL), then migrate it',
    )
    .argument('<file>', 'a file written by `parstock db backup` or by the server')
    .action((file: string) => dbRestore(connection(), file));

  const users = program.command('users').description('User accounts');
  users
    .command('add')
    .description('Add a user and print a one-time password')
    .requiredOption('--email <email>', 'sign-in email')
    .requiredOption('--role <role>', `one of ${ROLE_KEYS.join(', ')}`)
    .option('--location <code>', 'location code the user works at (repeatable)', collectList)
    .option('--district <name>', 'district a district manager oversees (repeatable)', collectList)
    .option('--first-name <name>', 'first name')
    .option('--last-name <name>', 'last name')
    .action((options) => usersAdd(connection(), options));
  users
    .command('list')
    .description('List users with their roles and locations')
    .option('--format <format>', USER_LIST_FORMATS.join(' or '), 'table')
    .action((options: { format: string }) => usersList(connection(), options));
  users
    .command('reset-password')
    .description('Give a user a new one-time password and end their sessions')
    .argument('<email>', 'the email the user signs in with')
    .action((email: string) => usersResetPassword(connection(), email));

  const pars = program.command('pars').description('PAR levels');
  pars
    .command('import')
    .description('Import PARs from a CSV file: every row is checked, and all are written or none')
    .argument('<file>', 'CSV with the columns location_code, product (name or SKU) or barcode, and par')
    .option('--location <code>', 'café for rows without a location_code (the column may then be left out)')
    .option('--dry-run', 'check the file and show what would change, without writing')
    .option('--override-locks', 'change locked PARs too (needs --as naming an admin)')
    .option('--as <email>', 'the admin responsible, recorded in the audit log')
    .action((file: string, options) => parsImport(connection(), file, options));

  const counts = program.command('counts').description('Inventory counts');
  counts
    .command('export')
    .description('Export counted items of count sessions and nightly counts')
    .option('--location <code>', 'a café to export (repeatable)', collectList)
    .option('--all', 'every café')
    .option('--from <date>', 'first business day, YYYY-MM-DD')
    .option('--to <date>', 'last business day, YYYY-MM-DD')
    .option('--format <format>', COUNT_EXPORT_FORMATS.join(' or '), 'csv')
    .option('--out <file>', 'write to a file instead of stdout')
    .action((options) => countsExport(connection(), options));

  const report = program.command('report').description('Reports');
  report
    .command('nightly')
    .description(
      'Nightly counts of every active café: done or not, items counted, below PAR, variance vs Square',
    )
    .option('--date <date>', "business day, YYYY-MM-DD (default: yesterday in each café's time zone)")
    .option('--format <format>', NIGHTLY_REPORT_FORMATS.join(' or '), 'md')
    .option('--out <file>', 'write to a file instead of stdout')
    .action((options) => reportNightly(connection(), options));
  for (const name of REPORT_NAMES) {
    report
      .command(name)
      .description(`${REPORTS[name].title}: ${REPORTS[name].summary} (the Navigator's table)`)
      .requiredOption('--from <date>', 'first day, YYYY-MM-DD, in each café’s time zone')
      .requiredOption('--to <date>', 'last day, YYYY-MM-DD')
      .option(
        '--location <code>',
        'a café (repeatable; default every café, closed ones with their history)',
        collectList,
      )
      .option('--district <name>', 'the cafés of one district')
      .option('--format <format>', NAMED_REPORT_FORMATS.join(' or '), 'csv')
      .option('--out <file>', 'write to a file instead of stdout')
      .action((options) => reportNamed(connection(), name, options));
  }

  return program;
}
