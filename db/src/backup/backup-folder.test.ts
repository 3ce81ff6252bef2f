import { afterEach, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readBackupConfig } from './backup-config.ts';
import {
  automaticBackupName,
  automaticBackups,
  dailyBackups,
  pruneAutomaticBackups,
  writeBackupFile,
} from './backup-folder.ts';

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'parstock-backups-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('backup files', () => {
  test('names carry the UTC time taken, so they sort by age; a reason follows', () => {
    expect(automaticBackupName(new Date('2026-12-07T03:04:05.678Z'))).toBe('parstock-20261207-030405.sql');
    expect(automaticBackupName(new Date('2026-12-07T03:04:05Z'), 'before-0043')).toBe(
      'parstock-20261207-030405-before-0043.sql',
    );
    const names = ['2026-12-07T03:00:00Z', '2026-11-30T23:59:59Z', '2027-01-01T00:00:00Z'].map((at) =>
      automaticBackupName(new Date(at)),
    );
    expect([...names].sort()).toEqual([names[1], names[0], names[2]] as string[]);
  });

  test('a backup is written whole, readable by its owner only, with nothing left beside it', () => {
    const dir = folder();
    const path = join(dir, 'parstock-20261207-030405.sql');
    expect(writeBackupFile(path, 'x'.repeat(1000))).toBe(1000);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['parstock-20261207-030405.sql']);
  });

  test('a write that fails leaves no file, whole or half', () => {
    const dir = folder();
    expect(() => writeBackupFile(join(dir, 'missing-folder', 'b.sql'), 'x')).toThrow();
    expect(readdirSync(dir)).toEqual([]);
  });

  test('the newest `keep` daily backups stay, with every other backup and file, and no half-written one', () => {
    const dir = folder();
    const names = [1, 2, 3, 4, 5].map((day) => automaticBackupName(new Date(`2026-12-0${day}T03:00:00Z`)));
    const kept = ['manual', 'requested', 'before-0041'].map((why) =>
      automaticBackupName(new Date('2026-11-01T03:00:00Z'), why),
    );
    for (const name of [...names, ...kept]) writeFileSync(join(dir, name), name);
    writeFileSync(join(dir, 'before-upgrade.sql'), 'the operator’s own');
    writeFileSync(join(dir, `${names[4]}.partial`), 'a process stopped mid-write');
    expect(pruneAutomaticBackups(dir, 2)).toEqual(names.slice(0, 3));
    expect(readdirSync(dir).sort()).toEqual(['before-upgrade.sql', ...kept, ...names.slice(3)].sort());
    expect(dailyBackups(dir).map((file) => file.name)).toEqual(names.slice(3));
  });

  test('a folder not made yet holds no backups', () => {
    expect(automaticBackups(join(folder(), 'not-yet'))).toEqual([]);
  });

  test('the time a backup was taken is its file’s time', () => {
    const dir = folder();
    const path = join(dir, automaticBackupName(new Date('2026-12-01T03:00:00Z')));
    writeFileSync(path, 'x');
    utimesSync(path, new Date('2026-12-01T03:00:00Z'), new Date('2026-12-01T03:00:00Z'));
    expect(automaticBackups(dir)[0]?.takenAt.toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(existsSync(path)).toBe(true);
  });
});

describe('backup settings', () => {
  test('default: seven kept in DATA_DIR/backups', () => {
    expect(readBackupConfig({ DATA_DIR: '/srv/parstock' })).toEqual({
      dir: '/srv/parstock/backups',
      keep: 7,
    });
  });
  test('BACKUP_DIR and BACKUP_KEEP, 0 turning the automatic ones off', () => {
    expect(readBackupConfig({ BACKUP_DIR: '/mnt/nas/parstock', BACKUP_KEEP: '0' })).toEqual({
      dir: '/mnt/nas/parstock',
      keep: 0,
    });
  });
  test('nonsense is refused by name', () => {
    for (const value of ['-1', '2.5', 'seven', '366', '', ' '])
      expect(() => readBackupConfig({ BACKUP_KEEP: value })).toThrow(/BACKUP_KEEP/);
  });
});
