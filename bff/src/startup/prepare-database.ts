import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@bff/app-deps.ts';
import type { AppConfig } from '@bff/config.ts';
import { DatabaseBackups } from '@bff/startup/database-backups.ts';
import { deleteExpiredRows } from '@bff/startup/database-housekeeping.ts';
import { type Db, embeddedDatabase, openDb, reopenPglite } from '@db/client.ts';
import { openPgliteOnItsOwnThread } from '@db/embedded-thread/thread-db.ts';
import { confirmDatabaseAnswers } from '@db/first-answer.ts';
import { loadMigrations, migrate, pendingMigrations } from '@db/migrate.ts';
import { verifyPassword } from '@db/password.ts';
import { refreshPlannerStatistics } from '@db/planner-statistics.ts';
import { findUserForSignIn } from '@db/repositories/users.ts';
import { DEMO_PASSWORD, DEMO_USERS, isDatabaseEmpty, seedDemo } from '@db/seed/demo.ts';

/** Where the data lives, for the log; a password in DATABASE_URL is never printed. */
export function describeDatabase(config: AppConfig): string {
  const { databaseUrl, dataDir } = config.connection;
  if (!databaseUrl) return `embedded PGlite in ${dataDir}`;
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return `PostgreSQL at ${url.toString()}`;
}

/** True while the first demo sign-in still works with the published demo password. */
async function demoSignInWorks(db: Db): Promise<string | null> {
  const email = DEMO_USERS[0]?.email;
  if (!email) return null;
  const account = await findUserForSignIn(db, email);
  return account?.active && (await verifyPassword(DEMO_PASSWORD, account.passwordHash)) ? email : null;
}

/** The first start's work ran in a child process, which has said why it stopped; nothing to add. */
export class FirstStartFailedError extends Error {
  constructor(readonly exitCode: number) {
    super(`The first start's database preparation stopped (exit ${exitCode}).`);
    this.name = 'FirstStartFailedError';
  }
}

/** An embedded cluster exists once PostgreSQL's initdb has written its version file. */
export function embeddedClusterExists(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * Creates, migrates and seeds a brand-new embedded database in a child process (`first-start.ts`), whose
 * hundreds of megabytes die with it (decision 044). Its log lines are the server's; a refusal it prints (a
 * held data folder) ends the start.
 */
async function runFirstStartInChild(): Promise<void> {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, 'first-start.ts')], {
    env: process.env,
    stdin: 'ignore',
    stdout: 'inherit',
    stderr: 'inherit',
  });
  const code = await child.exited;
  if (code !== 0) throw new FirstStartFailedError(code);
}

/** The start stopped rather than migrate a database it could not back up first; the log says why. */
export class BackupBeforeMigratingError extends Error {
  constructor() {
    super(
      `Parstock did not apply its new migrations: the backup before them failed (see above). Free space or fix BACKUP_DIR and start again, or set BACKUP_KEEP=0 to migrate without one.`,
    );
    this.name = 'BackupBeforeMigratingError';
  }
}

/**
 * A new version's first start on an embedded database with data backs it up before its migrations change it
 * (decision 128): a migration gone wrong, or a version to go back from, is undone from that file.
 */
async function backUpBeforeMigrating(db: Db, config: AppConfig, logger: Logger): Promise<void> {
  const embedded = embeddedDatabase(db);
  if (!embedded) return;
  const pending = await pendingMigrations(db);
  // None to apply, or a database with none applied yet: nothing of ours to lose.
  if (pending.length === 0 || pending.length === loadMigrations().length) return;
  if (config.backups.keep === 0) {
    logger.info('BACKUP_KEEP=0: the new migrations are applied without a backup first.');
    return;
  }
  const taken = await new DatabaseBackups(embedded, config.backups, logger).takeNow(
    `before-${pending[0]?.version}`,
  );
  if (!taken) throw new BackupBeforeMigratingError();
}

/**
 * Opens and migrates the database. A brand-new embedded database gets demo data (unless SEED_DEMO=0) so a
 * first `npm start` shows a working café chain; a PostgreSQL server is never seeded automatically. The
 * embedded database's first start does that work in a child process first (decision 044).
 */
export async function prepareDatabase(config: AppConfig, logger: Logger): Promise<Db> {
  if (!config.connection.databaseUrl && !embeddedClusterExists(config.connection.dataDir)) {
    await runFirstStartInChild();
    // The child named the database and the migrations it applied: one "Database:" line per start.
    return prepareInThisProcess(config, logger, { named: true });
  }
  return prepareInThisProcess(config, logger);
}

/**
 * The preparation itself: open, migrate, seed a new embedded database. `serving` (the server, not the first
 * start's child): also reopen the embedded database after heavy work, name the demo sign-in and tidy sessions.
 */
export async function prepareInThisProcess(
  config: AppConfig,
  logger: Logger,
  { serving = true, named = false }: { serving?: boolean; named?: boolean } = {},
): Promise<Db> {
  // The server's embedded database runs on a thread of its own, so its work and the HTTP work overlap
  // (decision 054); the first start's seeding child and commands keep it on theirs.
  const db =
    serving && config.connection.databaseUrl === undefined
      ? await openPgliteOnItsOwnThread(config.connection.dataDir)
      : await openDb(config.connection);
  try {
    if (config.connection.databaseUrl) await confirmDatabaseAnswers(db);
    if (serving) await backUpBeforeMigrating(db, config, logger);
    const applied = await migrate(db);
    if (!named || applied.length > 0) {
      logger.info(
        `Database: ${describeDatabase(config)}${applied.length ? ` (applied ${applied.join(', ')})` : ''}`,
      );
    }
    let grown = applied.length > 0;
    if (!config.connection.databaseUrl && config.seedDemo && (await isDatabaseEmpty(db))) {
      logger.info('The embedded database is new: adding demo data (set SEED_DEMO=0 to start empty)…');
      await seedDemo(db);
      grown = true;
    }
    // Creating the cluster, migrating and seeding grow the embedded database's heap, which never shrinks:
    // a reopen before serving gives those hundreds of megabytes back (decision 037). PostgreSQL: no-op.
    if (grown && serving) {
      await reopenPglite(db);
      // The seed's objects are garbage now; collecting them before serving keeps the idle process small.
      Bun.gc(true);
    }
    if (!serving) return db;
    const demoEmail = await demoSignInWorks(db);
    if (demoEmail) {
      logger.info(
        `Demo data in use: sign in as ${demoEmail} / ${DEMO_PASSWORD} (demo passwords — do not use in production)`,
      );
    }
    await deleteExpiredRows(db, config.sessionIdleSeconds);
    await refreshPlannerStatistics(db);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}
