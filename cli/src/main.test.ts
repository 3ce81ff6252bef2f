import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadMigrations } from '@db/migrate.ts';
import { verifyPassword } from '@db/password.ts';
import { openPglite } from '@db/pglite-client.ts';
import type { UserSummary } from '@engine/user-admin-schemas.ts';
import { runParstock } from './testing/run-parstock.ts';

// The CLI as a person runs it: a real process, no TTY, on its own embedded database.
const ROOT = resolve(import.meta.dir, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'parstock-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const parstock = (...args: string[]) => runParstock(args, { env: { DATA_DIR: dataDir } });

// Each step needs the previous one's database, so they run in order and each opens the embedded database once.
describe('parstock', () => {
  test('a command pointed at a folder with no database says so and makes none there', async () => {
    const child = Bun.spawn(
      [join(ROOT, 'node_modules/.bin/bun'), join(ROOT, 'cli/src/main.ts'), 'users', 'list'],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: join(dataDir, 'typo'), DATABASE_URL: '', CI: 'true' },
        stdout: 'pipe',
        stderr: 'pipe',
      },
    );
    const [stderr, exitCode] = await Promise.all([new Response(child.stderr).text(), child.exited]);
    expect(exitCode).toBe(1);
    expect(stderr).toBe(
      `error: No database in ${join(dataDir, 'typo', 'pglite')}. Check DATA_DIR (the server's data folder), or make a new database there with \`parstock db migrate\`.\n`,
    );
    expect(existsSync(join(dataDir, 'typo'))).toBe(false);
  }, 30_000);

  test('db migrate applies every migration, then has nothing left to do', async () => {
    const first = await parstock('db', 'migrate');
    expect(first).toMatchObject({ exitCode: 0, stderr: '' });
    const migrations = loadMigrations().map((m) => `${m.version}_${m.name}`);
    expect(first.stdout).toContain(`✔ Applied ${migrations.length} migrations`);
    for (const name of migrations) expect(first.stdout).toContain(`\n ${name}\n`);
    const second = await parstock('db', 'migrate');
    expect(second.stdout).toContain('Database is up to date');
  }, 30_000);

  test('db seed --demo fills the empty database and refuses a second time', async () => {
    const seeded = await parstock('db', 'seed', '--demo');
    expect(seeded).toMatchObject({ exitCode: 0, stderr: '' });
    expect(seeded.stdout).toContain('✔ Seeded the demo café chain');
    expect(seeded.stdout).toMatch(/\s6 locations\n/);
    expect(seeded.stdout).toContain('manager@parstock.test (cafe_manager)');

    const again = await parstock('db', 'seed', '--demo');
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toBe(
      'error: The database already has data (11 users, 6 locations, 179 products); demo data is only seeded into an empty database.\n',
    );
  }, 30_000);

  test('users add stores a one-time password the user must change, and users list shows the user', async () => {
    const added = await parstock(
      'users',
      'add',
      '--email',
      'Robin.Ash@Example.com',
      '--role',
      'staff',
      '--location',
      'DT-01',
      '--location',
      'ns-02',
      '--first-name',
      'Robin',
      '--last-name',
      'Ash',
    );
    expect(added).toMatchObject({ exitCode: 0, stderr: '' });
    expect(added.stdout).toContain('✔ Added robin.ash@example.com as staff (DT-01, NS-02)');
    const password = /One-time password: (\S+)/.exec(added.stdout)?.[1] ?? '';
    expect(password).toHaveLength(19);

    const listed = await parstock('users', 'list', '--format', 'json');
    expect(listed).toMatchObject({ exitCode: 0, stderr: '' });
    const users = JSON.parse(listed.stdout) as UserSummary[];
    expect(users).toHaveLength(12);
    expect(users.find((u) => u.email === 'robin.ash@example.com')).toMatchObject({
      role: 'staff',
      locationCodes: ['DT-01', 'NS-02'],
      mustChangePassword: true,
    });

    const db = await openPglite(join(dataDir, 'pglite'));
    try {
      const [row] = await db.query<{ hash: string }>(
        "SELECT password_hash AS hash FROM users WHERE email = 'robin.ash@example.com'",
      );
      expect(await verifyPassword(password, row?.hash ?? '')).toBe(true);
    } finally {
      await db.close();
    }
  }, 30_000);

  test('users add leaves the user.invite audit row of the admin screen, with the command line as actor', async () => {
    const db = await openPglite(join(dataDir, 'pglite'));
    try {
      const rows = await db.query<{
        actor_id: number | null;
        entity_id: string;
        before: unknown;
        after: unknown;
      }>(
        `SELECT a.actor_id, a.entity_id, a.before, a.after FROM audit_log a
           JOIN users u ON a.entity = 'user' AND a.entity_id = u.id::text
          WHERE a.action = 'user.invite' AND u.email = 'robin.ash@example.com'`,
      );
      expect(rows).toHaveLength(1);
      const [row] = rows;
      // No user of the app did this: the log says it came from the command line, not from someone.
      expect(row).toMatchObject({
        actor_id: null,
        before: null,
        after: {
          email: 'robin.ash@example.com',
          role: 'staff',
          locationCodes: ['DT-01', 'NS-02'],
          via: 'cli',
        },
      });
      // The one-time password is shown once and stored only as a hash, never in the log.
      expect(JSON.stringify(row?.after)).not.toMatch(/[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}/);
    } finally {
      await db.close();
    }
  }, 30_000);

  test('users reset-password gives a new one-time password and leaves the admin screen’s audit row', async () => {
    const reset = await parstock('users', 'reset-password', 'Manager@Parstock.test');
    expect(reset).toMatchObject({ exitCode: 0, stderr: '' });
    expect(reset.stdout).toContain('✔ Reset the password of manager@parstock.test');
    const password = /One-time password: (\S+)/.exec(reset.stdout)?.[1] ?? '';
    expect(password).toHaveLength(19);

    const db = await openPglite(join(dataDir, 'pglite'));
    try {
      const [user] = await db.query<{ id: number; hash: string; mustChange: boolean }>(
        `SELECT id, password_hash AS hash, must_change_password AS "mustChange" FROM users
          WHERE email = 'manager@parstock.test'`,
      );
      expect(await verifyPassword(password, user?.hash ?? '')).toBe(true);
      expect(user?.mustChange).toBe(true);
      const rows = await db.query<{ actor_id: number | null; after: unknown }>(
        `SELECT actor_id, after FROM audit_log WHERE action = 'user.reset_password' AND entity_id = $1`,
        [String(user?.id)],
      );
      expect(rows).toEqual([
        { actor_id: null, after: { mustChangePassword: true, sessionsEnded: true, via: 'cli' } },
      ]);
    } finally {
      await db.close();
    }

    const unknown = await parstock('users', 'reset-password', 'nobody@example.com');
    expect(unknown).toMatchObject({ exitCode: 1, stdout: expect.not.stringContaining('One-time password') });
    expect(unknown.stderr).toContain('No user signs in as nobody@example.com');
  }, 30_000);

  test('a bad role or location fails with the valid values on stderr and a non-zero exit', async () => {
    const badRole = await parstock('users', 'add', '--email', 'x@example.com', '--role', 'boss');
    expect(badRole).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: "error: Unknown role 'boss'. Valid roles: staff, cafe_manager, district_manager, admin\n",
    });
    const badLocation = await parstock(
      'users',
      'add',
      '--email',
      'x@example.com',
      '--role',
      'staff',
      '--location',
      'XX-9',
    );
    expect(badLocation.exitCode).toBe(1);
    expect(badLocation.stderr).toBe(
      "error: Unknown location code 'XX-9'. Valid codes: DT-01, DT-02, DT-03, NS-01, NS-02, NS-03\n",
    );
  }, 30_000);
});
