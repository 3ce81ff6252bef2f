import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { verifyPassword } from '@db/password.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import {
  createUser,
  listUsers,
  resolveDistrictNames,
  resolveLocationCodes,
  UserAdminError,
} from './user-admin.ts';

let db: Db;
let downtown: number;
let dt01: number;
let dt02: number;

beforeAll(async () => {
  db = await openTestDb();
  const [district] = await db.query<{ id: number }>(
    "INSERT INTO districts (name) VALUES ('Downtown') RETURNING id",
  );
  downtown = district?.id ?? 0;
  const locations = await db.query<{ id: number }>(
    `INSERT INTO locations (name, code, district_id) VALUES ('Harbor Street Café', 'DT-01', $1),
     ('Market Hall Coffee Bar', 'DT-02', $1) RETURNING id`,
    [downtown],
  );
  dt01 = locations[0]?.id ?? 0;
  dt02 = locations[1]?.id ?? 0;
});
afterAll(() => db.close());

const PASSWORD = 'correct horse battery';

describe('createUser', () => {
  test('stores a normalised email, an argon2id hash and the assignments, and must change the password', async () => {
    const user = await createUser(db, {
      email: '  Nora.Quinn@Example.com ',
      firstName: 'Nora',
      lastName: 'Quinn',
      role: 'cafe_manager',
      locationIds: [dt02, dt01, dt01],
      password: PASSWORD,
    });
    expect(user).toMatchObject({
      email: 'nora.quinn@example.com',
      firstName: 'Nora',
      lastName: 'Quinn',
      role: 'cafe_manager',
      active: true,
      mustChangePassword: true,
      locationCodes: ['DT-01', 'DT-02'],
      districtNames: [],
      lastLoginAt: null,
    });
    const [row] = await db.query<{ hash: string }>('SELECT password_hash AS hash FROM users WHERE id = $1', [
      user.id,
    ]);
    expect(row?.hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(PASSWORD, row?.hash ?? '')).toBe(true);
  });

  test('assigns districts to a district manager', async () => {
    const user = await createUser(
      db,
      { email: 'omar@example.com', role: 'district_manager', districtIds: [downtown], password: PASSWORD },
      { mustChangePassword: false },
    );
    expect(user).toMatchObject({ districtNames: ['Downtown'], locationCodes: [], mustChangePassword: false });
  });

  test('refuses a second user with the same email in any letter case', async () => {
    const again = createUser(db, { email: 'NORA.QUINN@example.com', role: 'staff', password: PASSWORD });
    await expect(again).rejects.toBeInstanceOf(UserAdminError);
    await expect(again).rejects.toThrow('A user with the email nora.quinn@example.com already exists.');
  });

  test('refuses bad input with a message naming the valid values, and writes nothing', async () => {
    const before = (await listUsers(db)).length;
    await expect(
      createUser(db, { email: 'x@example.com', role: 'boss' as never, password: PASSWORD }),
    ).rejects.toThrow("Unknown role 'boss'. Valid roles: staff, cafe_manager, district_manager, admin");
    await expect(
      createUser(db, { email: 'not-an-email', role: 'staff', password: PASSWORD }),
    ).rejects.toThrow("'not-an-email' is not a valid email address");
    await expect(
      createUser(db, { email: 'y@example.com', role: 'staff', password: 'short' }),
    ).rejects.toThrow('at least 12 characters');
    await expect(
      createUser(db, {
        email: 'z@example.com',
        role: 'staff',
        locationIds: [dt01, 999_999],
        password: PASSWORD,
      }),
    ).rejects.toThrow('Unknown location id: 999999');
    expect(await listUsers(db)).toHaveLength(before);
  });
});

describe('resolving names typed by a person', () => {
  test('location codes match case-insensitively; an unknown one lists the valid codes', async () => {
    expect(await resolveLocationCodes(db, ['dt-02', ' DT-01'])).toEqual([dt02, dt01]);
    await expect(resolveLocationCodes(db, ['DT-09'])).rejects.toThrow(
      "Unknown location code 'DT-09'. Valid codes: DT-01, DT-02",
    );
  });

  test('district names match case-insensitively; an unknown one lists the valid names', async () => {
    expect(await resolveDistrictNames(db, ['downtown'])).toEqual([downtown]);
    await expect(resolveDistrictNames(db, ['Uptown'])).rejects.toThrow(
      "Unknown district 'Uptown'. Valid districts: Downtown",
    );
  });
});

describe('listUsers', () => {
  test('lists every user by email with role and places', async () => {
    const users = await listUsers(db);
    expect(users.map((u) => [u.email, u.role, u.locationCodes, u.districtNames])).toEqual([
      ['nora.quinn@example.com', 'cafe_manager', ['DT-01', 'DT-02'], []],
      ['omar@example.com', 'district_manager', [], ['Downtown']],
    ]);
    expect(Number.isNaN(Date.parse(users[0]?.createdAt ?? ''))).toBe(false);
  });
});
