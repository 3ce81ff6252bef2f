import type { Db } from '@db/client.ts';
import { businessDateIn } from '@engine/business-date.ts';
import { parHealthOf, verdictRank } from '@engine/reports/par-health.ts';
import type { ReportRow } from '@engine/reports/report-definitions.ts';
import {
  averageVariance,
  COUNTS_DUE_PER_WEEK,
  usageJumps,
  usageOf,
  usagePerDay,
  weekStartOf,
} from '@engine/reports/report-measures.ts';

/**
 * The reports recomputed the plain way, from raw rows loaded whole and walked in JavaScript, to check the SQL
 * aggregates against. Deliberately naive: no shared SQL, only the engine's definitions.
 */
interface Raw {
  locations: {
    id: number;
    code: string;
    name: string;
    timezone: string;
    createdAt: string;
    /** Each spell it was closed, [from, until] as instants (until null while it lasts). */
    closedSpells: string;
  }[];
  products: {
    id: number;
    name: string;
    category: string;
    unitCost: number;
    retired: boolean;
    maximumStock: number | null;
  }[];
  pars: { locationId: number; productId: number; par: number; locked: boolean; lifecycle: string }[];
  completions: { id: number; locationId: number; sessionId: number | null; completedAt: string }[];
  items: { sessionId: number; productId: number; count: number | null }[];
  orders: { id: number; locationId: number; status: string; createdAt: string }[];
  lines: {
    orderId: number;
    productId: number;
    quantity: number;
    unitCost: number;
    receivedAt: string | null;
    receivedQuantity: number | null;
  }[];
  events: { orderId: number; toStatus: string; createdAt: string }[];
  nightly: { id: number; locationId: number; businessDate: string; completedAt: string | null }[];
  nightlyItems: {
    nightlyCountId: number;
    productId: number;
    count: number | null;
    squareQuantity: number | null;
  }[];
}

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export async function loadRaw(db: Db): Promise<Raw> {
  const [locations, products, completions, items, orders, lines, events, nightly, nightlyItems, pars] =
    await Promise.all([
      db.query<Raw['locations'][number]>(
        `SELECT id, code, name, timezone, ${ISO('created_at')} AS "createdAt",
                (SELECT COALESCE(json_agg(json_build_array(${ISO('lower(s)')}, ${ISO('upper(s)')})), '[]')::text
                   FROM unnest(closed_spells) s) AS "closedSpells"
           FROM locations`,
      ),
      db.query<Raw['products'][number]>(
        `SELECT id, name, cafe_order_category AS category, unit_cost::float8 AS "unitCost",
                retired_at IS NOT NULL AS retired, maximum_stock_quantity::float8 AS "maximumStock" FROM products`,
      ),
      db.query<Raw['completions'][number]>(
        `SELECT id, location_id AS "locationId", session_id AS "sessionId", ${ISO('completed_at')} AS "completedAt" FROM count_completions`,
      ),
      db.query<Raw['items'][number]>(
        'SELECT session_id AS "sessionId", product_id AS "productId", count::float8 AS count FROM count_items',
      ),
      db.query<Raw['orders'][number]>(
        `SELECT id, location_id AS "locationId", status, ${ISO('created_at')} AS "createdAt" FROM orders`,
      ),
      db.query<Raw['lines'][number]>(
        `SELECT ol.order_id AS "orderId", ol.product_id AS "productId", ol.quantity::float8 AS quantity,
                ol.unit_cost::float8 AS "unitCost", ${ISO('e.created_at')} AS "receivedAt",
                ol.received_quantity::float8 AS "receivedQuantity"
           FROM order_lines ol LEFT JOIN order_events e ON e.id = ol.receipt_event_id`,
      ),
      db.query<Raw['events'][number]>(
        `SELECT order_id AS "orderId", to_status AS "toStatus", ${ISO('created_at')} AS "createdAt" FROM order_events`,
      ),
      db.query<Raw['nightly'][number]>(
        `SELECT id, location_id AS "locationId", to_char(business_date, 'YYYY-MM-DD') AS "businessDate",
              ${ISO('completed_at')} AS "completedAt" FROM nightly_counts`,
      ),
      db.query<Raw['nightlyItems'][number]>(
        `SELECT nightly_count_id AS "nightlyCountId", product_id AS "productId", count::float8 AS count,
              square_quantity::float8 AS "squareQuantity" FROM nightly_count_items`,
      ),
      db.query<Raw['pars'][number]>(
        `SELECT location_id AS "locationId", product_id AS "productId", par::float8 AS par,
                par_locked AS locked, lifecycle FROM location_products`,
      ),
    ]);
  return { locations, products, completions, items, orders, lines, events, nightly, nightlyItems, pars };
}

/** A line's money in whole cents: quantity and cost in hundredths, half up from ten-thousandths. */
const lineCents = (quantity: number, unitCost: number) =>
  Math.floor((Math.round(quantity * 100) * Math.round(unitCost * 100) + 50) / 100);
const ms = (iso: string) => Date.parse(iso);
const utcSeconds = (iso: string) => `${iso.slice(0, 19)}Z`;

function byId<T extends { id: number }>(rows: readonly T[]): Map<number, T> {
  return new Map(rows.map((row) => [row.id, row]));
}

/** The rows of each key, in their order: only to look rows up, the walks below stay as plain as the rules. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** Each session's latest completion, per café, oldest first. */
function completedCounts(raw: Raw, locationIds: readonly number[]) {
  const latest = new Map<number, Raw['completions'][number]>();
  for (const completion of raw.completions) {
    if (completion.sessionId === null || !locationIds.includes(completion.locationId)) continue;
    const seen = latest.get(completion.sessionId);
    if (!seen || ms(completion.completedAt) > ms(seen.completedAt))
      latest.set(completion.sessionId, completion);
  }
  return [...latest.values()].sort((a, b) => ms(a.completedAt) - ms(b.completedAt) || a.id - b.id);
}

export interface Range {
  locationIds: number[];
  from: string;
  to: string;
}

export function recomputeInventoryValue(raw: Raw, range: Range): ReportRow<'inventory-value'>[] {
  const locations = byId(raw.locations);
  const products = byId(raw.products);
  const rows: ReportRow<'inventory-value'>[] = [];
  for (const completion of completedCounts(raw, range.locationIds)) {
    const location = locations.get(completion.locationId);
    if (!location) continue;
    const day = businessDateIn(new Date(completion.completedAt), location.timezone);
    if (day < range.from || day > range.to) continue;
    const byCategory = new Map<string, { n: number; cents: number }>();
    for (const item of raw.items) {
      if (item.sessionId !== completion.sessionId || item.count === null) continue;
      const product = products.get(item.productId);
      if (!product) continue;
      const sum = byCategory.get(product.category) ?? { n: 0, cents: 0 };
      sum.n += 1;
      sum.cents += lineCents(item.count, product.unitCost);
      byCategory.set(product.category, sum);
    }
    for (const [category, sum] of byCategory) {
      rows.push({
        businessDate: day,
        countedAt: utcSeconds(completion.completedAt),
        locationCode: location.code,
        locationName: location.name,
        category,
        productsCounted: sum.n,
        value: sum.cents / 100,
      });
    }
  }
  return rows;
}

export function recomputeUsage(raw: Raw, range: Range): ReportRow<'usage'>[] {
  const locations = byId(raw.locations);
  const products = byId(raw.products);
  const rows: Omit<ReportRow<'usage'>, 'jumped'>[] = [];
  const completions = completedCounts(raw, range.locationIds);
  const itemsOfSession = groupBy<Raw['items'][number], number | null>(raw.items, (item) => item.sessionId);
  const receivedLinesOfProduct = groupBy(
    raw.lines.filter((line) => line.receivedAt !== null),
    (line) => line.productId,
  );
  const orders = byId(raw.orders);
  for (const completion of completions) {
    const location = locations.get(completion.locationId);
    if (!location) continue;
    const day = businessDateIn(new Date(completion.completedAt), location.timezone);
    if (day < range.from || day > range.to) continue;
    const earlier = completions.filter(
      (c) =>
        c.locationId === completion.locationId &&
        (ms(c.completedAt) < ms(completion.completedAt) ||
          (ms(c.completedAt) === ms(completion.completedAt) && c.id < completion.id)),
    );
    const previous = earlier[earlier.length - 1];
    const previousItems = previous ? (itemsOfSession.get(previous.sessionId) ?? []) : [];
    for (const item of itemsOfSession.get(completion.sessionId) ?? []) {
      if (item.count === null) continue;
      const product = products.get(item.productId);
      if (!product) continue;
      const previousItem = previous ? previousItems.find((i) => i.productId === item.productId) : undefined;
      const previousCount = previousItem?.count ?? null;
      let received = 0;
      if (previous) {
        // Each line counts from the moment its delivery was received (decision 092).
        for (const line of receivedLinesOfProduct.get(item.productId) ?? []) {
          if (line.receivedAt === null) continue;
          const at = ms(line.receivedAt);
          if (at <= ms(previous.completedAt) || at > ms(completion.completedAt)) continue;
          const order = orders.get(line.orderId);
          if (order?.locationId === completion.locationId) received += line.receivedQuantity ?? 0;
        }
      }
      const days = previous
        ? Math.round(((ms(completion.completedAt) - ms(previous.completedAt)) / 86_400_000) * 100) / 100
        : null;
      const usage = usageOf({ previousCount, received, count: item.count });
      rows.push({
        locationCode: location.code,
        locationName: location.name,
        product: product.name,
        category: product.category,
        previousCountDate: previous
          ? businessDateIn(new Date(previous.completedAt), location.timezone)
          : null,
        countDate: day,
        days,
        previousCount,
        received,
        count: item.count,
        usage,
        usagePerDay: usagePerDay(usage, days),
      });
    }
  }
  const jumps = usageJumps(
    rows.map((row) => ({ key: `${row.locationCode}\n${row.product}`, usagePerDay: row.usagePerDay })),
  );
  return rows.map((row, index) => ({ ...row, jumped: jumps[index] ?? false }));
}

export function recomputeOrderSpend(raw: Raw, range: Range): ReportRow<'order-spend'>[] {
  const locations = byId(raw.locations);
  const products = byId(raw.products);
  const groups = new Map<string, ReportRow<'order-spend'> & { cents: number; hours: number[] }>();
  for (const order of raw.orders) {
    const location = locations.get(order.locationId);
    if (!location || !range.locationIds.includes(order.locationId)) continue;
    const day = businessDateIn(new Date(order.createdAt), location.timezone);
    if (day < range.from || day > range.to) continue;
    const approvals = raw.events
      .filter((e) => e.orderId === order.id && e.toStatus === 'approved')
      .map((e) => ms(e.createdAt));
    const hours = approvals.length ? (Math.min(...approvals) - ms(order.createdAt)) / 3_600_000 : null;
    const perCategory = new Map<string, number>();
    for (const line of raw.lines) {
      if (line.orderId !== order.id) continue;
      const category = products.get(line.productId)?.category ?? '';
      perCategory.set(category, (perCategory.get(category) ?? 0) + lineCents(line.quantity, line.unitCost));
    }
    for (const [category, cents] of perCategory) {
      const weekStart = weekStartOf(day);
      const key = [weekStart, location.code, category, order.status].join('\n');
      const group = groups.get(key) ?? {
        weekStart,
        locationCode: location.code,
        locationName: location.name,
        category,
        status: order.status,
        orders: 0,
        spend: 0,
        approvedOrders: 0,
        averageApprovalHours: null,
        cents: 0,
        hours: [],
      };
      group.orders += 1;
      group.cents += cents;
      if (hours !== null) group.hours.push(hours);
      groups.set(key, group);
    }
  }
  return [...groups.values()].map(({ cents, hours, ...row }) => ({
    ...row,
    spend: cents / 100,
    approvedOrders: hours.length,
    averageApprovalHours: hours.length ? hours.reduce((a, b) => a + b, 0) / hours.length : null,
  }));
}

export function recomputeCountCompliance(
  raw: Raw,
  range: Range & { now: Date },
): ReportRow<'count-compliance'>[] {
  const rows: ReportRow<'count-compliance'>[] = [];
  const completions = completedCounts(raw, range.locationIds);
  for (const location of raw.locations) {
    if (!range.locationIds.includes(location.id)) continue;
    const today = businessDateIn(range.now, location.timezone);
    // Days before the café's first day (its creation, on its own clock) were not due (decision 106).
    const openedOn = businessDateIn(new Date(location.createdAt), location.timezone);
    // Nor were the days it was closed, from its closing day to the day before it opened again (decision 117).
    const localDay = (instant: string) => businessDateIn(new Date(instant), location.timezone);
    const spells = (JSON.parse(location.closedSpells) as [string, string | null][]).map(([from, until]) => ({
      from: localDay(from),
      until: until === null ? null : localDay(until),
    }));
    const closed = (day: string) =>
      spells.some((spell) => spell.from <= day && (spell.until === null || day < spell.until));
    for (let week = weekStartOf(range.from); week <= range.to; week = weekStartOf(addDays(week, 7))) {
      const inWholeWeek = (day: string) => day >= week && day < addDays(week, 7);
      const inWeek = (day: string) => inWholeWeek(day) && day >= range.from && day <= range.to;
      // A week's full count is judged over the whole week, where the range cuts it too.
      const countsCompleted = completions.filter(
        (c) =>
          c.locationId === location.id &&
          inWholeWeek(businessDateIn(new Date(c.completedAt), location.timezone)),
      ).length;
      const nightlyDone = raw.nightly.filter(
        (n) => n.locationId === location.id && n.completedAt !== null && inWeek(n.businessDate),
      ).length;
      const daysHeld = [0, 1, 2, 3, 4, 5, 6]
        .map((d) => addDays(week, d))
        .filter((d) => inWeek(d) && d >= openedOn);
      const openDays = daysHeld.filter((d) => !closed(d));
      if (openDays.length === 0 && countsCompleted === 0 && nightlyDone === 0) continue;
      const openInWholeWeek = [0, 1, 2, 3, 4, 5, 6]
        .map((d) => addDays(week, d))
        .filter((d) => d >= openedOn && d <= today && !closed(d));
      rows.push({
        weekStart: week,
        locationCode: location.code,
        locationName: location.name,
        countsCompleted,
        countsDue: openInWholeWeek.length > 0 ? COUNTS_DUE_PER_WEEK : 0,
        nightlyDone,
        nightlyDue: openDays.filter((d) => d < today).length,
        daysClosed: daysHeld.filter((d) => d <= today && closed(d)).length,
      });
    }
  }
  return rows;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function recomputeNightlyVariance(raw: Raw, range: Range): ReportRow<'nightly-variance'>[] {
  const locations = byId(raw.locations);
  const products = byId(raw.products);
  const nightly = byId(raw.nightly);
  const groups = new Map<
    string,
    {
      location: Raw['locations'][number];
      product: Raw['products'][number];
      nights: { day: string; variance: number }[];
    }
  >();
  for (const item of raw.nightlyItems) {
    if (item.count === null || item.squareQuantity === null) continue;
    const night = nightly.get(item.nightlyCountId);
    if (!night || !range.locationIds.includes(night.locationId)) continue;
    if (night.businessDate < range.from || night.businessDate > range.to) continue;
    const location = locations.get(night.locationId);
    const product = products.get(item.productId);
    if (!location || !product) continue;
    const key = `${location.id}\n${product.id}`;
    const group = groups.get(key) ?? { location, product, nights: [] };
    group.nights.push({
      day: night.businessDate,
      variance: Math.round((item.count - item.squareQuantity) * 100) / 100,
    });
    groups.set(key, group);
  }
  return [...groups.values()].map(({ location, product, nights }) => {
    const net = Math.round(nights.reduce((sum, n) => sum + n.variance * 100, 0)) / 100;
    const worst = [...nights].sort(
      (a, b) => Math.abs(b.variance) - Math.abs(a.variance) || b.day.localeCompare(a.day),
    )[0];
    return {
      locationCode: location.code,
      locationName: location.name,
      product: product.name,
      category: product.category,
      nightsCompared: nights.length,
      netVariance: net,
      absoluteVariance: Math.round(nights.reduce((sum, n) => sum + Math.abs(n.variance) * 100, 0)) / 100,
      averageVariance: averageVariance(net, nights.length),
      worstVariance: worst?.variance ?? 0,
      worstDate: worst?.day ?? '',
    };
  });
}

/**
 * PAR health from the recomputed usage rows: for each PAR above zero at a café of the range, the usage and
 * days of the intervals whose usage is known, summed, then the engine's verdict and suggestion.
 */
export function recomputeParHealth(raw: Raw, range: Range): ReportRow<'par-health'>[] {
  const locations = byId(raw.locations);
  const products = byId(raw.products);
  const usage = recomputeUsage(raw, range);
  const usageOf = groupBy(usage, (row) => `${row.locationCode}\n${row.product}`);
  const rows: ReportRow<'par-health'>[] = [];
  for (const setting of raw.pars) {
    if (!range.locationIds.includes(setting.locationId) || setting.par <= 0) continue;
    const location = locations.get(setting.locationId);
    const product = products.get(setting.productId);
    if (!location || !product) continue;
    const measured = (usageOf.get(`${location.code}\n${product.name}`) ?? []).filter(
      (row) => row.usage !== null,
    );
    const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;
    const totalUsage = measured.length ? sum(measured.map((row) => row.usage ?? 0)) : null;
    const days = measured.length ? sum(measured.map((row) => row.days ?? 0)) : null;
    rows.push({
      locationId: location.id,
      productId: product.id,
      locationCode: location.code,
      locationName: location.name,
      product: product.name,
      category: product.category,
      par: setting.par,
      locked: setting.locked,
      intervalsMeasured: measured.length,
      daysMeasured: days,
      usage: totalUsage,
      ...parHealthOf({
        par: setting.par,
        usage: totalUsage,
        daysMeasured: days,
        retired: product.retired || setting.lifecycle === 'discontinued',
        maximumStock: product.maximumStock,
      }),
    });
  }
  return rows.sort((a, b) => verdictRank(a.verdict) - verdictRank(b.verdict));
}
