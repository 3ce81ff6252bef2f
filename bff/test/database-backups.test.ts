import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '@bff/config.ts';
import { backupMemoryShortfall } from '@bff/startup/backup-memory.ts';
import { DatabaseBackups } from '@bff/startup/database-backups.ts';
import { prepareInThisProcess } from '@bff/startup/prepare-database.ts';
import type { BackupConfig } from '@db/backup/backup-config.ts';
import { automaticBackups, readBackupStatus } from '@db/backup/backup-folder.ts';
import { isCompleteParstockBackup } from '@db/backup/sql-backup.ts';
import { type Db, type EmbeddedDatabase, embeddedDatabase } from '@db/client.ts';
import { openPgliteOnItsOwnThread } from '@db/embedded-thread/thread-db.ts';
import { loadMigrations, migrate, pendingMigrations } from '@db/migrate.ts';
import { openPglite } from '@db/pglite-client.ts';

const root = mkdtempSync(join(tmpdir(), 'parstock-backups-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const logged: string[] = [];
const logger = {
  info: (message: string) => logged.push(message),
  error: (message: string, error?: unknown) => logged.push(`error: ${message} ${String(error ?? '')}`),
};
const HOUR = 3600 * 1000;

describe('the server’s own backups of its embedded database', () => {
  let db: Db;
  let embedded: EmbeddedDatabase;
  const config: BackupConfig = { dir: join(root, 'backups'), keep: 2 };

  beforeAll(async () => {
    db = await openPgliteOnItsOwnThread(join(root, 'pglite'));
    await migrate(db);
    await db.query(`INSERT INTO districts (name) VALUES ('Downtown')`);
    embedded = embeddedDatabase(db) as EmbeddedDatabase;
  }, 60_000);
  afterAll(() => db.close());

  test('a database with none is due one; its thread writes the file whole, and the log says where', async () => {
    const backups = new DatabaseBackups(embedded, config, logger);
    expect(backups.isDue()).toBe(true);
    const taken = await backups.runIfDue();
    expect(taken?.path).toStartWith(config.dir);
    const text = await Bun.file(taken?.path ?? '').text();
    expect(isCompleteParstockBackup(text)).toBe(true);
    expect(text).toContain("'Downtown'");
    expect(logged.at(-1)).toMatch(
      /^Backup written: .*parstock-\d{8}-\d{6}\.sql \(\d+\.\d MB in \d+\.\d s\)\.$/,
    );
    // The database serves on after it: a write goes through.
    await db.query(`INSERT INTO districts (name) VALUES ('Uptown')`);
    expect(backups.isDue()).toBe(false);
  }, 60_000);

  test('a day later one is due again; only the newest `keep` stay', async () => {
    let now = new Date(Date.now() + 25 * HOUR);
    const backups = new DatabaseBackups(embedded, config, logger, { now: () => now });
    expect(backups.isDue()).toBe(true);
    for (const hours of [25, 50, 75]) {
      now = new Date(Date.now() + hours * HOUR);
      const taken = await backups.takeNow();
      // The file's time is what the next round reads as its age.
      utimesSync(taken?.path ?? '', now, now);
    }
    expect(automaticBackups(config.dir)).toHaveLength(2);
    expect(logged.at(-1)).toContain('removed the oldest');
  }, 60_000);

  test('put off while a command holds the database or requests are under way', async () => {
    const far = () => new Date(Date.now() + 1000 * HOUR);
    const count = automaticBackups(config.dir).length;
    const command = new DatabaseBackups(embedded, config, logger, {
      busy: { commandsConnected: () => 1, pendingRequests: () => 0 },
      now: far,
    });
    const requests = new DatabaseBackups(embedded, config, logger, {
      busy: { commandsConnected: () => 0, pendingRequests: () => 3 },
      now: far,
    });
    expect(await command.runIfDue()).toBeNull();
    expect(await requests.runIfDue()).toBeNull();
    expect(automaticBackups(config.dir)).toHaveLength(count);
  });

  test('BACKUP_KEEP=0: none on the schedule', async () => {
    const off = new DatabaseBackups(embedded, { ...config, keep: 0 }, logger, { now: () => new Date(9e15) });
    expect(off.isDue()).toBe(false);
    expect(await off.runIfDue()).toBeNull();
  });

  test('two asked at once make one backup', async () => {
    const backups = new DatabaseBackups(embedded, config, logger, {
      now: () => new Date(Date.now() + 2000 * HOUR),
    });
    const [a, b] = await Promise.all([backups.takeNow('requested'), backups.takeNow('requested')]);
    expect(a?.path).toBe(b?.path ?? 'different');
  }, 60_000);

  test('one asked for is named so and kept; how it ended is written for the command that asked', async () => {
    const dataDir = join(root, 'pglite');
    const backups = new DatabaseBackups(embedded, config, logger, {
      now: () => new Date(Date.now() + 3000 * HOUR),
      dataDir,
    });
    const asked = Date.now();
    const taken = await backups.request();
    expect(taken?.name).toEndWith('-requested.sql');
    expect(readBackupStatus(dataDir)).toMatchObject({ ok: true, path: taken?.path });
    expect(readBackupStatus(dataDir)?.askedAt).toBeGreaterThanOrEqual(asked);
    // The daily round's pruning leaves it: BACKUP_KEEP counts the daily ones.
    await new DatabaseBackups(embedded, config, logger, {
      now: () => new Date(Date.now() + 4000 * HOUR),
    }).takeNow();
    expect(automaticBackups(config.dir).map((file) => file.name)).toContain(taken?.name ?? 'none');

    const failing = new DatabaseBackups(embedded, { dir: join(root, 'a-file', 'x'), keep: 2 }, logger, {
      dataDir,
    });
    await Bun.write(join(root, 'a-file'), 'not a folder');
    expect(await failing.request()).toBeNull();
    expect(readBackupStatus(dataDir)).toMatchObject({ ok: false, error: expect.stringContaining('ENOTDIR') });
  }, 60_000);

  test('not memory enough: not started, the log says why; after one taken, the memory is given back', async () => {
    const count = automaticBackups(config.dir).length;
    const short = new DatabaseBackups(embedded, config, logger, {
      memoryShortfall: () => backupMemoryShortfall(db, 1024 * 1024),
    });
    expect(await short.takeNow()).toBeNull();
    expect(logged.at(-1)).toMatch(
      /^error: The backup was not taken: it needs about [\d,]+ MB of memory and 1 MB is available/,
    );
    expect(automaticBackups(config.dir)).toHaveLength(count);
    expect(await backupMemoryShortfall(db, 64 * 1024 ** 3)).toBeNull();

    let givenBack = 0;
    const enough = new DatabaseBackups(embedded, config, logger, {
      now: () => new Date(Date.now() + 4000 * HOUR),
      memoryShortfall: () => backupMemoryShortfall(db, 64 * 1024 ** 3),
      afterBackup: async () => {
        givenBack++;
      },
    });
    expect(await enough.takeNow()).not.toBeNull();
    expect(givenBack).toBe(1);
  }, 60_000);

  test('a folder that cannot be written: logged, nothing left, the database serving on', async () => {
    const blocked = join(root, 'a-file');
    await Bun.write(blocked, 'not a folder');
    const backups = new DatabaseBackups(embedded, { dir: join(blocked, 'backups'), keep: 2 }, logger);
    expect(await backups.takeNow()).toBeNull();
    expect(logged.at(-1)).toStartWith('error: The backup to ');
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});

describe('a new version’s first start on an embedded database with data', () => {
  test('backs it up before its migrations change it, then migrates', async () => {
    const dataDir = join(root, 'upgrade');
    const all = loadMigrations();
    const older = await openPglite(join(dataDir, 'pglite'));
    await migrate(older, all.slice(0, -1));
    await older.query(`INSERT INTO districts (name) VALUES ('Before the upgrade')`);
    await older.close();

    const config = parseConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', NODE_ENV: 'test' });
    const db = await prepareInThisProcess(config, logger);
    try {
      expect(await pendingMigrations(db)).toEqual([]);
      const [backup] = automaticBackups(join(dataDir, 'backups'));
      expect(backup?.name).toEndWith(`-before-${all.at(-1)?.version}.sql`);
      const text = await Bun.file(backup?.path ?? '').text();
      expect(text).toContain("'Before the upgrade'");
      // The backup is of the database as it was: the last migration is not recorded in it.
      expect(text).not.toContain(`'${all.at(-1)?.version}'`);
    } finally {
      await db.close();
    }
  }, 120_000);

  test('a database already up to date starts without one', async () => {
    const dataDir = join(root, 'current');
    const current = await openPglite(join(dataDir, 'pglite'));
    await migrate(current);
    await current.close();
    const db = await prepareInThisProcess(parseConfig({ DATA_DIR: dataDir, SEED_DEMO: '0' }), logger);
    await db.close();
    expect(readdirSync(dataDir)).not.toContain('backups');
  }, 120_000);
});
