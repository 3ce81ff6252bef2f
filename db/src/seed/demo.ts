import type { Db } from '@db/client.ts';
import { hashPassword } from '@db/password.ts';
import { storeDerivedStockStatusesAt } from '@db/repositories/derived-stock-status.ts';
import {
  COUNT_ITEMS_BY_SESSION,
  groupBySession,
  HISTORY_INSERTS,
  type HistoryTable,
  LINK_RECEIVED_LINES,
} from './demo-history-inserts.ts';
import { buildInventoryHistory } from './demo-inventory-history.ts';
import { DEMO_DISTRICTS, DEMO_LOCATIONS } from './demo-locations.ts';
import { buildOlderHistory } from './demo-older-history.ts';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from './demo-products.ts';
import { buildRoutineHistory, ROUTINE_HISTORY_DAYS } from './demo-routine-history.ts';
import { demoStaffing } from './demo-staffing.ts';
import { DEMO_TASKS } from './demo-tasks.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users.ts';
import { seededRandom } from './seeded-random.ts';

export { DEMO_PASSWORD, DEMO_SIGN_INS, DEMO_USERS } from './demo-users.ts';

/** How many rows of each kind the demo seed inserted. */
export interface SeedSummary {
  districts: number;
  locations: number;
  users: number;
  categories: number;
  products: number;
  locationProducts: number;
  countSessions: number;
  countItems: number;
  countCompletions: number;
  nightlyCounts: number;
  nightlyCountItems: number;
  orders: number;
  orderLines: number;
  orderEvents: number;
  tasks: number;
  taskCompletions: number;
}

export class DatabaseNotEmptyError extends Error {
  constructor(found: string) {
    super(`The database already has data (${found}); demo data is only seeded into an empty database.`);
    this.name = 'DatabaseNotEmptyError';
  }
}

// Any fixed number: two servers starting on one empty PostgreSQL must not both seed it.
const SEED_LOCK_ID = 7_283_002;
// Any fixed number: the same seed gives the same chain on every run.
const DEMO_RANDOM_SEED = 20_240_611;
const BATCH_SIZE = 2_500;

const DAY_MS = 86_400_000;
/** The checklist's tasks were there a day before its history starts, in every café's time zone. */
const tasksMadeAt = (now: Date) => new Date(now.getTime() - (ROUTINE_HISTORY_DAYS + 2) * DAY_MS);

async function existingData(db: Db): Promise<string | null> {
  const [row] = await db.query<{ users: number; locations: number; products: number }>(
    `SELECT (SELECT count(*) FROM users)::int AS users,
            (SELECT count(*) FROM locations)::int AS locations,
            (SELECT count(*) FROM products)::int AS products`,
  );
  if (!row) return null;
  const found = Object.entries(row)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${n} ${table}`);
  return found.length > 0 ? found.join(', ') : null;
}

/**
 * True when nobody could have entered anything yet: no users, locations or products. Only such a database
 * gets demo data, so a real installation is never mixed with made-up cafés.
 */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  return (await existingData(db)) === null;
}

/** Inserts `rows` through `sql` (which reads them from `$1::jsonb`) and checks every row made it through its joins. */
async function insertRows(tx: Db, what: string, sql: string, rows: readonly object[]): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const returned = await tx.query(`${sql} RETURNING 1`, [rows.slice(start, start + BATCH_SIZE)]);
    inserted += returned.length;
  }
  if (inserted !== rows.length) {
    throw new Error(`Demo ${what}: inserted ${inserted} of ${rows.length} rows; a reference did not resolve`);
  }
  return inserted;
}

/** Inserts rows that each stand for several (`items` of them in all) and checks they all made it. */
async function insertGroupedRows(
  tx: Db,
  sql: string,
  { groups, items }: { groups: object[]; items: number },
) {
  const returned = await tx.query(`${sql} RETURNING 1`, [groups]);
  if (returned.length !== items)
    throw new Error(`Demo older history: inserted ${returned.length} of ${items} rows`);
  return items;
}

/**
 * How long before the seed the demo cafés opened. They are made now but hold five months of history, and a café
 * is held to nothing before its first day (decision 106): a year back puts every seeded day, and the days just
 * before the history, in the time the cafés were open, so the reports and ops trackers read all of it.
 */
export const DEMO_CAFES_OPENED_DAYS_AGO = 365;

/**
 * Fills an empty database with a believable café chain: two districts, six cafés, ~180 products with
 * PARs, users for every role (password `parstock-demo`), four weeks of counts, nightly counts, orders
 * and checklists, and the four months before them (counts, orders, nightly counts) for the reports.
 * Deterministic for a given `now`; all in one transaction; refuses a non-empty database.
 */
export async function seedDemo(
  db: Db,
  options: {
    now?: Date;
    /** false: the four-week window only, as tests compare it with the whole seed. */
    olderHistory?: boolean;
  } = {},
): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  const random = seededRandom(DEMO_RANDOM_SEED);
  const cafes = demoStaffing();
  const inventory = buildInventoryHistory(now, random, cafes);
  const routines = buildRoutineHistory(now, random, cafes);
  const older = options.olderHistory === false ? undefined : buildOlderHistory(now, cafes, inventory);
  // One hash for every demo user: argon2id is slow on purpose and the password is the same anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction(async (tx) => {
    if (tx.driver === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_ID]);
    const found = await existingData(tx);
    if (found) throw new DatabaseNotEmptyError(found);

    const timezoneOf = new Map(DEMO_DISTRICTS.map((d) => [d.name, d.timezone]));
    const districts = await insertRows(
      tx,
      'districts',
      `INSERT INTO districts (name) SELECT r.name FROM jsonb_to_recordset($1::jsonb) AS r(name text)`,
      DEMO_DISTRICTS,
    );
    const locations = await insertRows(
      tx,
      'locations',
      `INSERT INTO locations (name, code, district_id, timezone)
       SELECT r.name, r.code, d.id, r.timezone
       FROM jsonb_to_recordset($1::jsonb) AS r(name text, code text, district text, timezone text)
       JOIN districts d ON d.name = r.district`,
      DEMO_LOCATIONS.map((l) => ({ ...l, timezone: timezoneOf.get(l.district) })),
    );
    const users = await insertRows(
      tx,
      'users',
      `INSERT INTO users (email, first_name, last_name, password_hash, role_key)
       SELECT r.email, r."firstName", r."lastName", r."passwordHash", r.role
       FROM jsonb_to_recordset($1::jsonb) AS r(email text, "firstName" text, "lastName" text,
            "passwordHash" text, role text)`,
      DEMO_USERS.map((u) => ({ ...u, passwordHash })),
    );
    await insertRows(
      tx,
      'user locations',
      `INSERT INTO user_locations (user_id, location_id)
       SELECT u.id, l.id FROM jsonb_to_recordset($1::jsonb) AS r(email text, location text)
       JOIN users u ON u.email = r.email JOIN locations l ON l.code = r.location`,
      DEMO_USERS.flatMap((u) => u.locations.map((location) => ({ email: u.email, location }))),
    );
    await insertRows(
      tx,
      'user districts',
      `INSERT INTO user_districts (user_id, district_id)
       SELECT u.id, d.id FROM jsonb_to_recordset($1::jsonb) AS r(email text, district text)
       JOIN users u ON u.email = r.email JOIN districts d ON d.name = r.district`,
      DEMO_USERS.flatMap((u) => u.districts.map((district) => ({ email: u.email, district }))),
    );
    const categories = await insertRows(
      tx,
      'categories',
      `INSERT INTO categories (name, display_order)
       SELECT r.name, r."displayOrder" FROM jsonb_to_recordset($1::jsonb) AS r(name text, "displayOrder" int)`,
      DEMO_CATEGORIES,
    );
    const products = await insertRows(
      tx,
      'products',
      `INSERT INTO products (name, sku, unit, cafe_order_category, order_subcategory, maximum_stock_quantity,
                             unit_cost, vendor, is_daily_count)
       SELECT r.name, r.sku, r.unit, r.category, r.subcategory, r."maximumStockQuantity", r."unitCost", r.vendor,
              r."isDailyCount"
       FROM jsonb_to_recordset($1::jsonb) AS r(name text, sku text, unit text, category text, subcategory text,
            "maximumStockQuantity" numeric, "unitCost" numeric, vendor text, "isDailyCount" boolean)`,
      DEMO_PRODUCTS,
    );
    const locationProducts = await insertRows(
      tx,
      'location products',
      `INSERT INTO location_products (location_id, product_id, par, par_locked, par_locked_by, par_locked_at,
                                      lifecycle, stock_status, backordered, updated_at, updated_by)
       SELECT l.id, p.id, r.par, r."parLocked", lb.id, r."parLockedAt", r.lifecycle, r."stockStatus",
              r.backordered, r."updatedAt", ub.id
       FROM jsonb_to_recordset($1::jsonb) AS r(location text, product text, par numeric, "parLocked" boolean,
            "parLockedBy" text, "parLockedAt" timestamptz, lifecycle text, "stockStatus" text,
            backordered boolean, "updatedAt" timestamptz, "updatedBy" text)
       JOIN locations l ON l.code = r.location
       JOIN products p ON p.name = r.product
       LEFT JOIN users lb ON lb.email = r."parLockedBy"
       JOIN users ub ON ub.email = r."updatedBy"`,
      inventory.locationProducts,
    );
    const countSessions = await insertRows(
      tx,
      'count sessions',
      HISTORY_INSERTS.countSessions,
      inventory.countSessions,
    );
    const countItems = await insertRows(tx, 'count items', HISTORY_INSERTS.countItems, inventory.countItems);
    const countCompletions = await insertRows(
      tx,
      'count completions',
      HISTORY_INSERTS.countCompletions,
      inventory.countCompletions,
    );
    const nightlyCounts = await insertRows(
      tx,
      'nightly counts',
      HISTORY_INSERTS.nightlyCounts,
      routines.nightlyCounts,
    );
    const nightlyCountItems = await insertRows(
      tx,
      'nightly count items',
      HISTORY_INSERTS.nightlyCountItems,
      routines.nightlyCountItems,
    );
    const orders = await insertRows(tx, 'orders', HISTORY_INSERTS.orders, inventory.orders);
    const orderLines = await insertRows(tx, 'order lines', HISTORY_INSERTS.orderLines, inventory.orderLines);
    const orderEvents = await insertRows(
      tx,
      'order events',
      HISTORY_INSERTS.orderEvents,
      inventory.orderEvents,
    );
    const tasks = await tx.query<{ id: number; title: string }>(
      `INSERT INTO tasks (title, cadence, weekday, due_time, role_key, created_at)
       SELECT r.title, r.cadence, r.weekday, r."dueTime", r.role, $2::timestamptz
       FROM jsonb_to_recordset($1::jsonb) AS r(title text, cadence text, weekday smallint, "dueTime" time, role text)
       RETURNING id, title`,
      [DEMO_TASKS, tasksMadeAt(now).toISOString()],
    );
    // Task titles need not be unique in general, so completions point at the ids just handed out.
    const taskIdOf = new Map(tasks.map((t) => [t.title, t.id]));
    const taskCompletions = await insertRows(
      tx,
      'task completions',
      `INSERT INTO task_completions (task_id, location_id, business_date, completed_by, completed_at, late,
                                     note, typed_at, updated_by, updated_at)
       SELECT r."taskId", l.id, r."businessDate", u.id, r."completedAt", r.late, r.note, r."completedAt", u.id,
              r."completedAt"
       FROM jsonb_to_recordset($1::jsonb) AS r("taskId" int, location text, "businessDate" date,
            "completedBy" text, "completedAt" timestamptz, late boolean, note text)
       JOIN locations l ON l.code = r.location
       JOIN users u ON u.email = r."completedBy"`,
      routines.taskCompletions.map((c) => ({ ...c, taskId: taskIdOf.get(c.task) })),
    );
    // Inserted after everything else, so the window's rows come out exactly as they did without it: same
    // statements on the same tables, same ids.
    const olderRows: Record<HistoryTable, number> = {
      countSessions: 0,
      countItems: 0,
      countCompletions: 0,
      nightlyCounts: 0,
      nightlyCountItems: 0,
      orders: 0,
      orderLines: 0,
      orderEvents: 0,
    };
    if (older)
      for (const table of Object.keys(olderRows) as HistoryTable[])
        olderRows[table] =
          table === 'countItems'
            ? await insertGroupedRows(tx, COUNT_ITEMS_BY_SESSION, groupBySession(older.countItems))
            : await insertRows(tx, `older ${table}`, HISTORY_INSERTS[table], older[table]);
    await tx.query(LINK_RECEIVED_LINES);
    // The stored stock status follows each café's latest count, as a completed count leaves it (decision 028):
    // Set PARs reads it, Inventory Management derives it, and a new chain's two screens agree from the start.
    for (const location of await tx.query<{ id: number }>('SELECT id FROM locations ORDER BY id')) {
      await storeDerivedStockStatusesAt(tx, location.id);
    }
    await tx.query('UPDATE locations SET created_at = $1', [
      new Date(now.getTime() - DEMO_CAFES_OPENED_DAYS_AGO * DAY_MS).toISOString(),
    ]);
    return {
      districts,
      locations,
      users,
      categories,
      products,
      locationProducts,
      countSessions: countSessions + olderRows.countSessions,
      countItems: countItems + olderRows.countItems,
      countCompletions: countCompletions + olderRows.countCompletions,
      nightlyCounts: nightlyCounts + olderRows.nightlyCounts,
      nightlyCountItems: nightlyCountItems + olderRows.nightlyCountItems,
      orders: orders + olderRows.orders,
      orderLines: orderLines + olderRows.orderLines,
      orderEvents: orderEvents + olderRows.orderEvents,
      tasks: tasks.length,
      taskCompletions,
    };
  });
}
