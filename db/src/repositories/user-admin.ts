import type { Db } from '@db/client.ts';
import { hashPassword } from '@db/password.ts';
import {
  type AdminUser,
  firstIssueMessage,
  type NewUserInput,
  newUserSchema,
  type UserSummary,
} from '@engine/user-admin-schemas.ts';

export type UserAdminErrorCode =
  | 'invalid_input'
  | 'duplicate_email'
  | 'unknown_location'
  | 'unknown_district';

/** A refusal written for the administrator: the message says what was wrong and what would be valid. */
export class UserAdminError extends Error {
  readonly code: UserAdminErrorCode;

  constructor(code: UserAdminErrorCode, message: string) {
    super(message);
    this.name = 'UserAdminError';
    this.code = code;
  }
}

const UNIQUE_VIOLATION = '23505';

/** Access counts districts for district managers only (migration 0020); anyone else is given cafés. */
export const DISTRICTS_FOR_MANAGERS_MESSAGE =
  'Only district managers are given districts; give this user cafés instead.';
const districtsRefused = () => new UserAdminError('invalid_input', DISTRICTS_FOR_MANAGERS_MESSAGE);
/** An administrator's scope is every active café (locations.ts), so cafés given to one would mean nothing. */
export const NO_CAFES_FOR_ADMINS_MESSAGE =
  'Administrators work at every café; give them no cafés or districts.';
const cafesRefused = () => new UserAdminError('invalid_input', NO_CAFES_FOR_ADMINS_MESSAGE);

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION
  );
}

const SUMMARY_COLUMNS = `u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.role_key AS role,
  u.active, u.must_change_password AS "mustChangePassword",
  ARRAY(SELECT l.code FROM user_locations ul JOIN locations l ON l.id = ul.location_id
        WHERE ul.user_id = u.id ORDER BY l.code) AS "locationCodes",
  ARRAY(SELECT d.name FROM user_districts ud JOIN districts d ON d.id = ud.district_id
        WHERE ud.user_id = u.id ORDER BY d.name) AS "districtNames",
  u.created_at AS "createdAt", u.last_login_at AS "lastLoginAt"`;

interface SummaryRow extends Omit<UserSummary, 'createdAt' | 'lastLoginAt'> {
  createdAt: Date | string;
  lastLoginAt: Date | string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toSummary(row: SummaryRow): UserSummary {
  return {
    ...row,
    createdAt: iso(row.createdAt),
    lastLoginAt: row.lastLoginAt ? iso(row.lastLoginAt) : null,
  };
}

/** Every user with role, assigned location codes and district names, ordered by email. */
export async function listUsers(db: Db): Promise<UserSummary[]> {
  const rows = await db.query<SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM users u ORDER BY lower(u.email)`);
  return rows.map(toSummary);
}

/**
 * Creates a user with an argon2id hash of `password`. A one-time password is the usual case (the CLI and the
 * invite screen hand one out), so the user must change it at first sign-in unless told otherwise.
 */
export async function createUser(
  db: Db,
  input: NewUserInput,
  options: { mustChangePassword?: boolean } = {},
): Promise<UserSummary> {
  const parsed = newUserSchema.safeParse(input);
  if (!parsed.success) throw new UserAdminError('invalid_input', firstIssueMessage(parsed.error));
  const user = parsed.data;
  const passwordHash = await hashPassword(user.password);
  const locationIds = [...new Set(user.locationIds)];
  const districtIds = [...new Set(user.districtIds)];
  if (user.role === 'admin' && locationIds.length + districtIds.length > 0) throw cafesRefused();
  if (districtIds.length > 0 && user.role !== 'district_manager') throw districtsRefused();

  try {
    return await db.transaction(async (tx) => {
      const taken = await tx.query('SELECT 1 FROM users WHERE lower(email) = $1', [user.email]);
      if (taken.length > 0) throw duplicateEmail(user.email);
      await requireIds(tx, 'locations', locationIds, 'unknown_location', 'Unknown location id');
      await requireIds(tx, 'districts', districtIds, 'unknown_district', 'Unknown district id');
      const [created] = await tx.query<{ id: number }>(
        `INSERT INTO users (email, first_name, last_name, password_hash, role_key, must_change_password)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [
          user.email,
          user.firstName,
          user.lastName,
          passwordHash,
          user.role,
          options.mustChangePassword ?? true,
        ],
      );
      if (!created) throw new Error('Inserting the user returned no row');
      await tx.query('INSERT INTO user_locations (user_id, location_id) SELECT $1, unnest($2::int[])', [
        created.id,
        locationIds,
      ]);
      await tx.query('INSERT INTO user_districts (user_id, district_id) SELECT $1, unnest($2::int[])', [
        created.id,
        districtIds,
      ]);
      const [row] = await tx.query<SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM users u WHERE u.id = $1`, [
        created.id,
      ]);
      if (!row) throw new Error('The new user could not be read back');
      return toSummary(row);
    });
  } catch (error) {
    // Two administrators adding the same email at once: the unique index decides, the message stays the same.
    if (isUniqueViolation(error)) throw duplicateEmail(user.email);
    throw error;
  }
}

function duplicateEmail(email: string): UserAdminError {
  return new UserAdminError('duplicate_email', `A user with the email ${email} already exists.`);
}

async function requireIds(
  db: Db,
  table: 'locations' | 'districts',
  ids: readonly number[],
  code: UserAdminErrorCode,
  label: string,
): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = ANY($1::int[])`, [ids]);
  const known = new Set(found.map((r) => r.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) throw new UserAdminError(code, `${label}: ${missing.join(', ')}`);
}

/**
 * Location ids for codes typed by a person, case-insensitively. An unknown code fails with the list of valid
 * ones, since the person usually just mistyped it.
 */
export async function resolveLocationCodes(db: Db, codes: readonly string[]): Promise<number[]> {
  if (codes.length === 0) return [];
  const all = await db.query<{ id: number; code: string }>('SELECT id, code FROM locations ORDER BY code');
  const byCode = new Map(all.map((l) => [l.code.toLowerCase(), l.id]));
  return codes.map((code) => {
    const id = byCode.get(code.trim().toLowerCase());
    if (id === undefined) {
      const valid = all.length > 0 ? all.map((l) => l.code).join(', ') : 'none (no locations exist yet)';
      throw new UserAdminError('unknown_location', `Unknown location code '${code}'. Valid codes: ${valid}`);
    }
    return id;
  });
}

/** District ids for names typed by a person, case-insensitively; an unknown name lists the valid ones. */
export async function resolveDistrictNames(db: Db, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const all = await db.query<{ id: number; name: string }>('SELECT id, name FROM districts ORDER BY name');
  const byName = new Map(all.map((d) => [d.name.toLowerCase(), d.id]));
  return names.map((name) => {
    const id = byName.get(name.trim().toLowerCase());
    if (id === undefined) {
      const valid = all.length > 0 ? all.map((d) => d.name).join(', ') : 'none (no districts exist yet)';
      throw new UserAdminError('unknown_district', `Unknown district '${name}'. Valid districts: ${valid}`);
    }
    return id;
  });
}

// The admin screens edit assignments by id, so their list carries the ids beside the readable names.
const ADMIN_COLUMNS = `${SUMMARY_COLUMNS},
  ARRAY(SELECT ul.location_id FROM user_locations ul JOIN locations l ON l.id = ul.location_id
        WHERE ul.user_id = u.id ORDER BY l.code) AS "locationIds",
  ARRAY(SELECT ud.district_id FROM user_districts ud JOIN districts d ON d.id = ud.district_id
        WHERE ud.user_id = u.id ORDER BY d.name) AS "districtIds",
  u.updated_at AS "updatedAt"`;

interface AdminRow extends SummaryRow {
  locationIds: number[];
  districtIds: number[];
  updatedAt: Date | string;
}

function toAdminUser(row: AdminRow): AdminUser {
  const { locationIds, districtIds, updatedAt, ...summary } = row;
  return { ...toSummary(summary), locationIds, districtIds, updatedAt: iso(updatedAt) };
}

/** Every user for the admin list, ordered by email. */
export async function listAdminUsers(db: Db): Promise<AdminUser[]> {
  const rows = await db.query<AdminRow>(`SELECT ${ADMIN_COLUMNS} FROM users u ORDER BY lower(u.email)`);
  return rows.map(toAdminUser);
}

/**
 * One user for the admin screens, or null. With `forUpdate` the row stays locked until the transaction
 * ends, so two administrators editing the same person apply their changes one after the other.
 */
export async function findAdminUser(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<AdminUser | null> {
  const [row] = await db.query<AdminRow>(
    `SELECT ${ADMIN_COLUMNS} FROM users u WHERE u.id = $1${options.forUpdate ? ' FOR UPDATE OF u' : ''}`,
    [id],
  );
  return row ? toAdminUser(row) : null;
}

export interface UserAccountChange {
  firstName?: string;
  lastName?: string;
  role?: string;
  active?: boolean;
  locationIds?: readonly number[];
  districtIds?: readonly number[];
}

/**
 * Applies an administrator's edit. Assignment lists replace the old ones. Deactivating ends every session
 * of the user in the same transaction, so their next request is already signed out. Call inside a
 * transaction; unknown location or district ids fail with a UserAdminError.
 */
export async function updateUserAccount(tx: Db, id: number, change: UserAccountChange): Promise<void> {
  const locationIds = change.locationIds ? [...new Set(change.locationIds)] : undefined;
  const districtIds = change.districtIds ? [...new Set(change.districtIds)] : undefined;
  if (locationIds) await requireIds(tx, 'locations', locationIds, 'unknown_location', 'Unknown location id');
  if (districtIds) await requireIds(tx, 'districts', districtIds, 'unknown_district', 'Unknown district id');
  const [current] = await tx.query<{ role: string }>('SELECT role_key AS role FROM users WHERE id = $1', [
    id,
  ]);
  const role = change.role ?? current?.role;
  const managesDistricts = role === 'district_manager';
  if (role === 'admin' && (locationIds?.length ?? 0) + (districtIds?.length ?? 0) > 0) throw cafesRefused();
  if (!managesDistricts && districtIds && districtIds.length > 0) throw districtsRefused();
  await tx.query(
    `UPDATE users
        SET first_name = COALESCE($2, first_name),
            last_name = COALESCE($3, last_name),
            role_key = COALESCE($4, role_key),
            active = COALESCE($5, active),
            updated_at = now()
      WHERE id = $1`,
    [id, change.firstName ?? null, change.lastName ?? null, change.role ?? null, change.active ?? null],
  );
  if (locationIds || role === 'admin') {
    // Made an administrator, they keep no cafés of their own, as the admin form leaves them.
    await tx.query('DELETE FROM user_locations WHERE user_id = $1', [id]);
    await tx.query('INSERT INTO user_locations (user_id, location_id) SELECT $1, unnest($2::int[])', [
      id,
      locationIds ?? [],
    ]);
  }
  if (districtIds || !managesDistricts) {
    // A district manager given another role keeps no districts, as the admin form leaves them.
    await tx.query('DELETE FROM user_districts WHERE user_id = $1', [id]);
    await tx.query('INSERT INTO user_districts (user_id, district_id) SELECT $1, unnest($2::int[])', [
      id,
      districtIds ?? [],
    ]);
  }
  if (change.active === false) await endUserSessions(tx, id);
}

/**
 * Replaces the password with a one-time one (hashed by the caller with `hashPassword`, outside the
 * transaction: hashing is slow on purpose) that the user must change, and ends their sessions: whoever
 * held the old password, or a stolen cookie, is out at once.
 */
export async function setOneTimePassword(tx: Db, id: number, passwordHash: string): Promise<void> {
  await tx.query(
    'UPDATE users SET password_hash = $2, must_change_password = true, updated_at = now() WHERE id = $1',
    [id, passwordHash],
  );
  await endUserSessions(tx, id);
}

/** Deletes every session of a user; returns how many there were. */
export async function endUserSessions(db: Db, userId: number): Promise<number> {
  const rows = await db.query('DELETE FROM sessions WHERE user_id = $1 RETURNING 1', [userId]);
  return rows.length;
}

/**
 * Locks several users' rows in id order (so two transactions locking the same pair cannot deadlock) and
 * returns their current role and active flag: an edit checks its actor against these, not against what
 * the session said when the request began.
 */
export async function lockUsers(
  tx: Db,
  ids: readonly number[],
): Promise<{ id: number; role: string; active: boolean }[]> {
  return tx.query(
    'SELECT id, role_key AS role, active FROM users WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
    [[...new Set(ids)]],
  );
}

/** The id of the account an email names; emails match case-insensitively, as the unique index does. */
export async function findUserIdByEmail(db: Db, email: string): Promise<number | null> {
  const [row] = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [
    email,
  ]);
  return row?.id ?? null;
}
